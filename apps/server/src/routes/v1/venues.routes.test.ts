import { ErrorBody } from '@venue/contract/common';
import { VenueList } from '@venue/contract/venue';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.ts';
import { useTestApp } from '../../test/test-app.ts';

describe.each(databases)('GET /v1/client/{clientId}/venues on $name', (database) => {
  const ctx = useTestApp(database);

  it("lists client 1's venue 0, Harbourside Stadium in Sydney", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/client/1/venues' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const venues = VenueList.parse(res.json());
    expect(venues).toHaveLength(1);
    expect(venues[0]).toMatchObject({ id: 0, clientId: 1, name: 'Harbourside Stadium', timeZone: 'Australia/Sydney' });
    expect(venues[0]!.geoLocation.latitude).toBeCloseTo(-33.8474, 3);
  });

  it('answers 404 JSON for an unknown client', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/client/99/venues' });
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.parse(res.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Client 99 not found',
    });
  });

  it.each(['abc', '-1', '1e99', '99999999999999999999', '1.5'])('answers 400 JSON for client id %s', async (id) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/client/${id}/venues` });
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.message).toMatch(/clientId/);
  });
});
