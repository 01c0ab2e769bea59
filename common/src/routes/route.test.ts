import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from '../schemas/index.js';
import { ALL_ROUTES } from './index.js';
import type { SchemaName } from './route.js';

/** Whether every body the schema takes carries a client id (each of a union's shapes). */
function carriesClientId(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodObject) return 'client_id' in schema.shape;
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).every(carriesClientId);
  return false;
}

const schemasByName: Record<SchemaName, z.ZodType> = schemas;

describe('the route table', () => {
  it('retries every call whose body carries a client id, the key that makes a repeat harmless', () => {
    const keyed = ALL_ROUTES.filter((route) => route.body && carriesClientId(schemasByName[route.body]));
    expect(keyed.map((route) => route.path)).toContain('/api/directdebit.php');
    expect(keyed.filter((route) => route.retry !== true).map((route) => route.path)).toEqual([]);
  });
});
