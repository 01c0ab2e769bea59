/**
 * `npm run keys -- generate` prints a new set of the deployment's keys as environment lines, for
 * every instance to be given the same (production refuses to start without them). It touches no
 * database: the keys are the operator's to keep.
 */
import { newKeysEnvironment } from '../platform/keys/deployment-keys.js';
import { failWith } from './tool.js';

const fail: (message: string) => never = failWith('keys');
const USAGE = 'usage: npm run keys -- generate';

const ROTATION_NOTE = `# The same three lines on every instance; keep them secret.
# Rotating the link key: give LINK_SIGNING_KEY's old value to LINK_SIGNING_KEY_PREVIOUS and, in
# LINK_SIGNING_KEY_PREVIOUS_UNTIL, the ISO date its mailed links stop working (e.g. 30 days on),
# then set the new LINK_SIGNING_KEY above. New links use the new key at once.
# Keep the VAPID pair unless it leaked: browsers subscribed with the old public key take no push
# signed with a new one, until their members turn pushes off and on again in the app.`;

const args = process.argv.slice(2);
if (args.length !== 1 || args[0] !== 'generate') fail(USAGE);

const lines = Object.entries(newKeysEnvironment()).map(([name, value]) => `${name}=${value}`);
console.log([...lines, ROTATION_NOTE].join('\n'));
