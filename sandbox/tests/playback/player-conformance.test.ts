import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv, { type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, startSandbox, type RunningSandbox } from '../harness';
import { PROVIDER_DESCRIPTION } from '../provider-description';

/** The player endpoints' answers against the provider's public OpenAPI description (sandbox/conformance/). */

type Schemas = Record<string, object>;
let t: RunningSandbox;
let schemas: Schemas;
// The description's discriminator lacks the form Ajv needs; oneOf alone still tells a track from an episode.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();

function conforms(name: string, body: unknown) {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(schemas[name]!);
    validators.set(name, validate);
  }
  const ok = validate(body);
  return ok ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

describe('player responses conform to the provider OpenAPI description', () => {
  beforeAll(async () => {
    const api = (await SwaggerParser.dereference(PROVIDER_DESCRIPTION)) as unknown as { components: { schemas: Schemas } };
    schemas = api.components.schemas;
    t = await startSandbox();
  });
  afterAll(() => t?.stop());

  it('GET me/player, currently-playing, devices, queue and the player errors', async () => {
    const token = t.token('guest');
    const get = (path: string) => fetch(`${t.url}/v1/me/player${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const noDevice = await fetch(`${t.url}/v1/me/player/pause`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
    expect(conforms('ErrorObject', ((await noDevice.json()) as { error: unknown }).error)).toEqual([]);

    const device = await connectDevice(t.url, token);
    await device.next('ready');
    const album = t.sandbox.db.prepare('SELECT id FROM albums WHERE total_tracks >= 2 LIMIT 1').get() as { id: string };
    const play = await fetch(`${t.url}/v1/me/player/play?device_id=${device.deviceId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ context_uri: `spotify:album:${album.id}` }),
    });
    expect(play.status).toBe(204);

    expect(conforms('CurrentlyPlayingContextObject', await (await get('')).json())).toEqual([]);
    // The check itself can fail: a wrong type is caught.
    expect(conforms('CurrentlyPlayingContextObject', { is_playing: 'yes', progress_ms: 'soon' })).toHaveLength(2);
    expect(conforms('CurrentlyPlayingObject', await (await get('/currently-playing')).json())).toEqual([]);
    const devices = (await (await get('/devices')).json()) as { devices: unknown[] };
    expect(devices.devices).toHaveLength(1);
    for (const item of devices.devices) expect(conforms('DeviceObject', item)).toEqual([]);
    const outsider = t.sandbox.db.prepare('SELECT id FROM tracks WHERE album_id <> ? LIMIT 1').get(album.id) as { id: string };
    const added = await fetch(`${t.url}/v1/me/player/queue?uri=spotify:track:${outsider.id}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(added.status).toBe(204);
    const queue = (await (await get('/queue')).json()) as { queue: unknown[] };
    expect(queue.queue.length).toBeGreaterThan(1);
    expect(conforms('QueueObject', queue)).toEqual([]);
    expect(conforms('QueueObject', { currently_playing: 'a song', queue: [{}] }).length).toBeGreaterThan(0);
    device.close();
  });
});
