/**
 * The OpenAPI document as a client reads it: its operations, and a validator of a value against
 * one of its schemas (OpenAPI 3.0's, which Ajv reads once its boolean exclusive bounds are numbers).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { client } from './helpers.js';

/** A schema of the document: the JSON Schema subset OpenAPI 3.0 uses. */
export interface Schema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  default?: unknown;
}

export interface Parameter {
  in: 'query' | 'header' | 'path' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Media {
  content?: Record<string, { schema: Schema }>;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
  security: Record<string, string[]>[];
  responses: Record<string, Media & { description: string }>;
}

interface Document {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'> & { requestBody?: Media }>>;
}

export async function openApiDocument(app: FastifyInstance): Promise<Document> {
  const response = await client(app).get('/api/openapi.json');
  if (response.statusCode !== 200) throw new Error(`no OpenAPI document: ${response.statusCode}`);
  return response.json();
}

export function operationsOf(document: Document): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
      security: operation.security ?? [],
      responses: operation.responses,
    })),
  );
}

export const requiresClientHeader = (operation: Operation) =>
  operation.security.some((requirement) => 'clientHeader' in requirement);

/** OpenAPI 3.0's `exclusiveMinimum: true` beside `minimum`, as JSON Schema's number. */
function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { exclusiveMinimum, exclusiveMaximum, ...rest } = schema as Schema & Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, asJsonSchema(value)]));
  if (exclusiveMinimum === true) {
    converted.exclusiveMinimum = rest.minimum;
    delete converted.minimum;
  }
  if (exclusiveMaximum === true) {
    converted.exclusiveMaximum = rest.maximum;
    delete converted.maximum;
  }
  return converted;
}

const ajv = new Ajv({ allErrors: true, validateFormats: false });
const validators = new WeakMap<Schema, ValidateFunction>();

/** Ajv's complaints about `value` under `schema`, or none. */
export function schemaErrors(schema: Schema, value: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(asJsonSchema(schema) as object);
    validators.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

const coercing = new Ajv({ allErrors: true, validateFormats: false, coerceTypes: true });
const parameterValidators = new WeakMap<Parameter, ValidateFunction>();

/** Ajv's complaints about a query or header value, read as a server reads text into numbers and flags. */
function parameterErrors(parameter: Parameter, value: string): string[] {
  let validate = parameterValidators.get(parameter);
  if (!validate) {
    const schema = { type: 'object', properties: { value: asJsonSchema(parameter.schema) } };
    validate = coercing.compile(schema);
    parameterValidators.set(parameter, validate);
  }
  if (validate({ value })) return [];
  return (validate.errors ?? []).map((error) => `${parameter.name}${error.instancePath} ${error.message}`);
}

/** What of a request the document refuses: a parameter, the body, or a body that is no JSON. */
export function inputErrors(
  operation: Operation,
  input: { query: Record<string, string>; headers: Record<string, string>; body: unknown; contentType: string },
): string[] {
  const errors = operation.parameters.flatMap((parameter) => {
    const values = parameter.in === 'header' ? input.headers : input.query;
    const value = values[parameter.name];
    if (value === undefined) return parameter.required ? [`${parameter.name} is required`] : [];
    return parameterErrors(parameter, value);
  });
  if (input.body === undefined) return operation.body ? [...errors, 'the body is missing'] : errors;
  if (typeof input.body === 'string' || input.contentType !== 'application/json') return [...errors, 'no JSON body'];
  return operation.body ? [...errors, ...schemaErrors(operation.body, input.body)] : errors;
}
