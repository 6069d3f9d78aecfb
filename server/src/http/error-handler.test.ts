import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { envelope } from './envelope.ts';
import { AppError } from './errors.ts';

/** Routes that exist only to drive the error paths through Fastify's real parsers and validation. */
async function probeRoutes(app: FastifyInstance) {
  const body = Type.Object({ name: Type.String({ minLength: 1 }), count: Type.Integer({ minimum: 0 }) });
  app.post('/api/test/echo', { schema: { body } }, async (request) => envelope({ echo: request.body as object }));
  app.get('/api/test/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/test/missing', async () => {
    throw new AppError('not_found', { headers: { 'x-probe': 'yes' } });
  });
}

const t = await testApp({ env: { BODY_LIMIT: '1024' }, routes: probeRoutes });
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('the error envelope', () => {
  test('an unknown /api path answers 404 route_not_found, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.request({ method, url: '/api/anything-unknown' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: -16, error: 'route_not_found', message: 'No such endpoint' });
    }
  });

  test('a valid body reaches the handler', async () => {
    const response = await t.post('/api/test/echo', { name: 'velvet', count: 2 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ statusCode: 2, echo: { name: 'velvet', count: 2 } });
  });

  test('malformed or empty JSON answers 400 malformed_body', async () => {
    for (const payload of ['{"name": "velvet",', '']) {
      const response = await t.request({ method: 'POST', url: '/api/test/echo', headers: json, payload });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: -17, error: 'malformed_body' });
    }
  });

  test('a body over BODY_LIMIT answers 413 body_too_large', async () => {
    const response = await t.post('/api/test/echo', { name: 'x'.repeat(2000), count: 1 });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ statusCode: -18, error: 'body_too_large' });
  });

  test('an unsupported content type answers 415', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ statusCode: -19, error: 'unsupported_media_type' });
  });

  test('a body failing its schema answers 400 invalid_input naming the field', async () => {
    const response = await t.post('/api/test/echo', { name: 'velvet', count: -1 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: -10, error: 'invalid_input', message: 'The request is not valid' });
    expect(response.body.details).toEqual([{ field: 'body/count', problem: expect.any(String) }]);

    const missing = await t.post('/api/test/echo', { count: 1 });
    expect(missing.body.error).toBe('invalid_input');
    expect(missing.body.details[0].problem).toContain('name');
  });

  test('an unexpected error answers 500 internal_error without leaking the error', async () => {
    const response = await t.get('/api/test/boom');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ statusCode: -99, error: 'internal_error', message: 'Something went wrong on our side' });
    expect(response.text).not.toContain('hunter2');
    expect(response.text).not.toMatch(/\bat .*\.ts:\d+/);
  });

  test("an AppError answers HTTP 200 with the table's negative code and its headers", async () => {
    const response = await t.get('/api/test/missing');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ statusCode: -13, error: 'not_found', message: 'Not found' });
    expect(response.headers['x-probe']).toBe('yes');
  });
});

describe('x-request-id', () => {
  test('is generated when the client sends none', async () => {
    const first = await t.get('/api/anything-unknown');
    const second = await t.get('/healthz');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  test("echoes the client's id when it is well formed", async () => {
    const response = await t.get('/api/test/boom', { 'x-request-id': 'client-req-0001' });
    expect(response.headers['x-request-id']).toBe('client-req-0001');
  });

  test('replaces an id that is too short or carries odd characters', async () => {
    for (const sent of ['short', 'has spaces in it', `${'x'.repeat(65)}`, 'inject<script>']) {
      const response = await t.get('/healthz', { 'x-request-id': sent });
      expect(response.headers['x-request-id']).not.toBe(sent);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
