// The baseline of the realtime bench: a bare `ws` server that sends every message straight back.
// Started as a child process like the app's instances; prints its port once it listens.
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
server.on('listening', () => process.stdout.write(`${server.address().port}\n`));
