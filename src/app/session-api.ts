import { http } from '../lib/http.ts';
import type { MenuItem } from '../providers/session.tsx';

/** The shell's calls (admin-area §7): who is signed in, their menus, the route guard, sign-out. */
export const getUser = async () => (await http.get<{ id: number; name: string; email: string; abilities?: string[] }>('user/get')).data;
/** GET account's name: the header's name while a role requires two-step sign-in first (user/get answers 403 until then). */
export const getAccountName = async () => (await http.get<{ name: string }>('account')).data.name;
/** GET user/getmenu (admin-area §7): resolves to the envelope's data ({ live_adminmenus: MenuItem[] }); rejects with HttpError. */
export const getMenu = async () => (await http.get<{ live_adminmenus: MenuItem[] }>('user/getmenu')).data.live_adminmenus ?? [];
/** GET route/check?route= (admin-area §2 route guard): resolves to true only when the server allows the route; rejects with HttpError. */
export const checkRoute = async (route: string) => (await http.get<unknown>(`route/check?route=${encodeURIComponent(route)}`)).data === true;
/** POST logout (admin-area §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const logout = () => http.post('logout');
/** The organiser's name, for the "Viewing:" bar an admin sees inside an organiser's console. */
export const getOrganiserName = async (id: string) => (await http.get<{ name: string }>(`organiser/${encodeURIComponent(id)}`)).data.name;
