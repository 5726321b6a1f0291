import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authRoutes } from './auth.ts';
import { permissionRoutes } from './permissions.ts';

/** Every `/api` resource (admin-area §7, organiser-console §7), one file each under routes/. */
export const apiRoutes = new Hono<AppEnv>()
  .get('/ping', (c) => c.json({ status: 'success', message: '', data: 'pong' }))
  .route('/', authRoutes)
  .route('/permission', permissionRoutes);
