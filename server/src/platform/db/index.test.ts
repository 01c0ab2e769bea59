/**
 * Which database failures answer 503 (the client tries again and gets a new connection) rather
 * than 500: node-postgres's and pg-pool's own errors for a lost connection, by their exact words.
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './index.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'Connection terminated',
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])('recognises "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['08006', 'connection failure'],
    ['53300', 'sorry, too many clients already'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
  ])('recognises code %s', (code, message) => {
    expect(isDatabaseUnavailable(withCode(code, message))).toBe(true);
  });

  it.each([
    new Error('Cannot use a pool after calling end on the pool'),
    new Error('Query read timeout'),
    new Error('Client has already been connected. You cannot reuse a client.'),
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('22003', 'value "2147483648" is out of range for type integer'),
    new Error('Connection terminated unexpectedly, said a message of our own'),
    null,
  ])('leaves other failures to answer 500: %s', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
