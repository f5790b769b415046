import type { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context';
import { registerAlbumsAndTracks } from './albums';
import { registerArtists } from './artists';
import { registerBrowse } from './browse';
import { registerHistory } from './history';
import { createKit } from './kit';
import { registerLibrary } from './library';
import { registerPlaylists } from './playlists';
import { registerSearch } from './search';
import { registerUsers } from './users';

/** The Web API v1 (everything but the player, which sandbox/playback registers). */
export function registerWebApi(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const kit = createKit(ctx);
  registerArtists(app, kit);
  registerAlbumsAndTracks(app, kit);
  registerPlaylists(app, kit);
  registerBrowse(app, kit);
  registerSearch(app, kit);
  registerUsers(app, kit);
  registerHistory(app, kit);
  registerLibrary(app, kit);
}
