import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyTheme, readTheme } from './providers/theme.ts';

// The remembered theme before the first paint of the app (issue 22 item 7).
applyTheme(readTheme());
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
