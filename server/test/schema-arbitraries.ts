/**
 * fast-check arbitraries made from the OpenAPI document's schemas: the values a schema takes, an
 * operation's valid input (query, headers, JSON body), and input broken in one place.
 */
import fc from 'fast-check';
import type { Operation, Parameter, Schema } from './openapi.js';

/** Values that name something in the test's world, mixed into what is made so calls get past "not found". */
export interface Known {
  knownIds: number[];
  knownTexts: string[];
}

export interface Input {
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Set on input broken in a way the document cannot state (a query parameter it does not list): no schema refuses it. */
  unstated?: true;
  /** The JSON value sent, or a string sent as it is; undefined: no body. */
  body: unknown;
  contentType: string;
}

/** Texts a member would type, so a string field is not always noise. */
const SAMPLE_TEXTS = ['NL', 'nl', 'en', 'NH', '1990-05-01', 'ideal', 'creditcard', 'WELKOM', 'Hoi! Zin in koffie?'];
const LONGEST_TEXT = 40;

const patternsOf = (schema: Schema): RegExp[] =>
  [schema, ...(schema.allOf ?? [])].flatMap((part) => (part.pattern ? [new RegExp(part.pattern, 'u')] : []));

function stringArbitrary(schema: Schema, known: Known): fc.Arbitrary<string> {
  const parts = [schema, ...(schema.allOf ?? [])];
  const minLength = Math.max(...parts.map((part) => part.minLength ?? 0));
  const maxLength = Math.min(...parts.map((part) => part.maxLength ?? Number.MAX_SAFE_INTEGER));
  const patterns = patternsOf(schema);
  const fits = (value: string) => {
    const length = [...value].length;
    return length >= minLength && length <= maxLength && patterns.every((pattern) => pattern.test(value));
  };
  // A pattern that says what a text is (a uuid), rather than which characters it may not have.
  const shape = patterns.find((pattern) => !pattern.source.startsWith('^[^'));
  const longest = Math.max(minLength, Math.min(maxLength, LONGEST_TEXT));
  const made = shape
    ? fc.stringMatching(shape)
    : fc.oneof(
        fc.string({ minLength, maxLength: longest }),
        fc.string({ unit: 'grapheme', minLength, maxLength: longest }),
      );
  const samples = [...SAMPLE_TEXTS, ...known.knownTexts].filter(fits);
  return (samples.length > 0 ? fc.oneof(fc.constantFrom(...samples), made) : made).filter(fits);
}

/** Days people are born on and plan by: of age, and after 1900. */
const DAYS = fc
  .date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2005-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** The values of a string `format` the document names, or null for a string of no format. */
function formattedArbitrary(schema: Schema, known: Known): fc.Arbitrary<string> | null {
  const withKnown = (made: fc.Arbitrary<string>, fits: (value: string) => boolean) => {
    const samples = known.knownTexts.filter(fits);
    return samples.length > 0 ? fc.oneof(fc.constantFrom(...samples), made) : made;
  };
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email': {
      const fits = (value: string) => value.length <= 254 && /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
      return withKnown(fc.emailAddress().filter(fits), fits);
    }
    case 'date':
      return DAYS;
    default:
      return null;
  }
}

function lowestOf(schema: Schema, step: number): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + step;
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? schema.minimum + step : schema.minimum;
}

function highestOf(schema: Schema, step: number): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - step;
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? schema.maximum - step : schema.maximum;
}

function integerArbitrary(schema: Schema, known: Known): fc.Arbitrary<number> {
  const min = Math.max(lowestOf(schema, 1) ?? -1000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(highestOf(schema, 1) ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  const made = fc.integer({ min, max });
  const fitting = known.knownIds.filter((id) => id >= min && id <= max);
  if (fitting.length === 0) return made;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fitting) }, { weight: 1, arbitrary: made });
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  return fc.double({
    min: lowestOf(schema, 0) ?? -1e6,
    max: highestOf(schema, 0) ?? 1e6,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
  });
}

function objectArbitrary(schema: Schema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  // A property whose schema is `not: {}` must be absent (a staff answer's text beside its photo).
  const allowed = Object.entries(schema.properties ?? {}).filter(([, property]) => !property.not);
  const model = Object.fromEntries(allowed.map(([name, property]) => [name, arbitraryOf(property, known)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in model) });
}

function valueArbitrary(schema: Schema, known: Known): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => arbitraryOf(option, known)));
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, known);
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 3, 3);
      return fc.array(arbitraryOf(schema.items ?? {}, known), { minLength: schema.minItems ?? 0, maxLength });
    }
    case 'string':
      return formattedArbitrary(schema, known) ?? stringArbitrary(schema, known);
    case 'integer':
      return integerArbitrary(schema, known);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** The values `schema` takes. */
export function arbitraryOf(schema: Schema, known: Known): fc.Arbitrary<unknown> {
  const value = valueArbitrary(schema, known);
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

const asParameterValue = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));
/** Header values are printable ASCII; anything else is no request an HTTP client can make. */
const isHeaderValue = (value: string) => /^[\x20-\x7e]*$/.test(value);

function parametersArbitrary(parameters: Parameter[], known: Known): fc.Arbitrary<Record<string, string>> {
  const model = Object.fromEntries(
    parameters.map((parameter) => {
      const value = arbitraryOf(parameter.schema, known).map(asParameterValue);
      return [parameter.name, parameter.in === 'header' ? value.filter(isHeaderValue) : value];
    }),
  );
  const requiredKeys = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return fc.record(model, { requiredKeys });
}

/** Input the document says `operation` takes. */
export function validInputOf(operation: Operation, known: Known): fc.Arbitrary<Input> {
  const inPart = (part: Parameter['in']) => operation.parameters.filter((parameter) => parameter.in === part);
  return fc
    .record({
      query: parametersArbitrary(inPart('query'), known),
      headers: parametersArbitrary(inPart('header'), known),
      body: operation.body ? arbitraryOf(operation.body, known) : fc.constant(undefined),
    })
    .map((input) => ({ ...input, contentType: 'application/json' }));
}

/** Values of another type, out of range, too long, or with a NUL byte. */
const JUNK: unknown[] = [null, true, -1, 0, 1.5, 2 ** 53, '', '\u0000', 'x'.repeat(6000), [], {}, { deeper: [1] }];
const QUERY_JUNK = ['', '-1', '0', '1.5', 'abc', '\u0000', 'x'.repeat(3000), '9'.repeat(30), '[]', 'true'];

type Break = (input: Input, pick: number) => Input;

/** The properties a body may have, in whichever of its shapes. */
function bodyProperties(schema: Schema): { name: string; required: boolean }[] {
  return [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((shape) =>
    Object.keys(shape.properties ?? {}).map((name) => ({ name, required: shape.required?.includes(name) ?? false })),
  );
}

const withBody = (input: Input, body: unknown, contentType = 'application/json'): Input => ({
  ...input,
  body,
  contentType,
});
const bodyObject = (input: Input) =>
  typeof input.body === 'object' && input.body !== null ? (input.body as Record<string, unknown>) : {};

/** The ways `operation`'s input can be broken in one place. */
function breaksOf(operation: Operation): Break[] {
  const breaks: Break[] = operation.parameters.map((parameter) => (input, pick) => ({
    ...input,
    [parameter.in === 'header' ? 'headers' : 'query']: {
      ...(parameter.in === 'header' ? input.headers : input.query),
      [parameter.name]:
        parameter.in === 'header' ? 'x'.repeat(400 + (pick % 100)) : QUERY_JUNK[pick % QUERY_JUNK.length],
    },
  }));
  if (operation.body) {
    breaks.push((input, pick) => withBody(input, JUNK[pick % JUNK.length]));
    for (const { name, required } of bodyProperties(operation.body)) {
      breaks.push((input, pick) => withBody(input, { ...bodyObject(input), [name]: JUNK[pick % JUNK.length] }));
      if (required) breaks.push((input) => withBody(input, { ...bodyObject(input), [name]: undefined }));
    }
  }
  if (operation.method !== 'GET') {
    breaks.push((input) => withBody(input, '{"cut off":', 'application/json'));
    breaks.push((input) => withBody(input, 'plain words', 'text/plain'));
  }
  breaks.push((input) => ({ ...input, query: { ...input.query, unknown: 'parameter' }, unstated: true }));
  return breaks;
}

/** Input the document says `operation` does not take: valid input broken in one place. */
export function brokenInputOf(operation: Operation, valid: fc.Arbitrary<Input>): fc.Arbitrary<Input> {
  const breaks = breaksOf(operation);
  return fc
    .tuple(valid, fc.integer({ min: 0, max: breaks.length - 1 }), fc.nat())
    .map(([input, which, pick]) => (breaks[which] as Break)(input, pick));
}
