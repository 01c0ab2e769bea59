/**
 * The staff door of every route of the table: a route whose access is `{ staff }` is called only by
 * a staff member holding the right (or one of the rights), asked of authorize once the staff
 * session is read (identity/staff/session.ts reads it as the request comes in) and before the body
 * is read: who may not call a route learns nothing of what it takes. A staff route outside a
 * plugin that reads the session finds none, and is refused.
 */
import type { StaffRight } from '@amora/common';
import type { StaffDoor } from '@amora/common/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authorize, permits, staffActor } from './authorize.js';

type StaffAction = `staff:${StaffRight | 'signed-in'}`;

function actionsOf(door: StaffDoor): StaffAction[] {
  return typeof door === 'string' ? [`staff:${door}`] : door.map((right): StaffAction => `staff:${right}`);
}

async function keepStaffDoor<Payload>(request: FastifyRequest, _reply: unknown, payload: Payload): Promise<Payload> {
  const access = request.routeOptions.config?.access;
  if (typeof access !== 'object') return payload;
  const actor = staffActor(request.staff ?? null);
  const actions = actionsOf(access.staff);
  if (actions.some((action) => permits(actor, action))) return payload;
  for (const action of actions) authorize(actor, action);
  return payload;
}

async function doorsPlugin(app: FastifyInstance) {
  app.addHook('preParsing', keepStaffDoor);
}

export const staffDoor = fp(doorsPlugin, { name: 'staff-door' });
