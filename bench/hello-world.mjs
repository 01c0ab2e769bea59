// The bench's baseline: Fastify's own hello world, with its logger, as the app runs it. PORT and HOST from the environment.
import Fastify from 'fastify';

const app = Fastify({ logger: true });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
