// Which errors mean "PostgreSQL is gone" (answered 503) and which are ordinary statement errors.
import { describe, expect, it } from 'vitest';
import { findConnectionLoss, isConnectionLoss } from './client.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it('knows the server codes, the socket codes and the driver messages', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNREFUSED', 'ECONNRESET'])
      expect(isConnectionLoss(withCode(code)), code).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(isConnectionLoss(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('looks through wrappers (drizzle and better-auth put the driver error in cause) and aggregate errors', () => {
    const wrapped = new Error('Failed query: insert into "customers" …', { cause: withCode('57P01', 'terminating connection due to administrator command') });
    expect(isConnectionLoss(new Error('FAILED_TO_GET_SESSION', { cause: wrapped }))).toBe(true);
    expect(isConnectionLoss(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it("names the driver's error, never the wrapper's message with the statement's parameters", () => {
    const wrapper = (cause: Error, params: string) => Object.assign(new Error(`Failed query: insert …\nparams: ${params}`, { cause }), { query: 'insert …', params });
    expect(findConnectionLoss(wrapper(withCode('57P01', 'terminating connection due to administrator command'), 'carla@example.com'))).toEqual({
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
    expect(isConnectionLoss(wrapper(withCode('23505', 'duplicate key'), 'Connection terminated'))).toBe(false);
  });

  it('leaves statement errors alone', () => {
    expect(isConnectionLoss(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionLoss(new Error('Failed query', { cause: withCode('22P02') }))).toBe(false);
    expect(isConnectionLoss(new Error('boom'))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});
