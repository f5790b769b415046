import { myPlaylistsPage } from '../api/list-pages';
import { listPageArea } from './list-area';
// Your Library's own lists, Saved Albums and Liked Songs, are pages of one list, made with the
// others; loaded here as before, with every island that can change a playlist or the library
// (a track's menu, a playlist page), so a change finds them (src/stores/list-pages.ts).
import './list-pages';

/** Your Library's playlists as remembered for a return to /collection; a playlist change forgets them. */
export const { list: myPlaylistsList, area: myPlaylistsArea } = listPageArea(myPlaylistsPage, ['collection']);
