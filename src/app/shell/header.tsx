import '../../lib/messages/shell.ts';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../providers/session.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { genericError } from '../../lib/error-catalogue.ts';
import { HttpError } from '../../lib/http.ts';
import { logout } from '../session-api.ts';
import { THEMES, useTheme, type Theme } from '../../providers/theme.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The shell header: menu toggle, the theme switch (System, Light, Dark; providers/theme.ts) and the user dropdown (avatar, My account at /admin/account, Sign out). Sign-out with status
 * success clears the session and goes to /login; validation_error shows one toast per field;
 * anything else the generic error toast (admin-area §8). An already dead token (401) signs out too.
 */
export function Header({ onToggleMenu, menuOpen, name }: { onToggleMenu: () => void; menuOpen: boolean; name: string }) {
  const { signOut } = useSession();
  const { failed } = useFeedback();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [theme, setTheme] = useTheme();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  async function signOutNow() {
    try {
      await logout();
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 401)) {
        failed(err, genericError());
        return;
      }
    }
    signOut();
    navigate('~/login', { replace: true });
  }

  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?';
  return (
    <header className="topbar">
      <button type="button" className="icon-btn" onClick={onToggleMenu} aria-controls="sidebar" aria-expanded={menuOpen} aria-label={t('header.toggleMenu')}>
        ☰
      </button>
      <div className="topbar-spacer" />
      <label className="theme-switch">
        <span className="theme-switch-label">{t('header.theme')}</span>
        <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
          {THEMES.map((theme) => (
            <option key={theme.value} value={theme.value}>
              {t(`theme.${theme.value}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="dropdown" ref={box}>
        <button type="button" className="user-toggle" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <span className="avatar" aria-hidden="true">
            {initials}
          </span>
          <span className="user-name">{name}</span>
        </button>
        {open && (
          <div className="dropdown-menu" role="menu">
            <button
              type="button"
              role="menuitem"
              className="dropdown-item"
              onClick={() => {
                setOpen(false);
                navigate('~/admin/account');
              }}
              autoFocus
            >
              {t('header.myAccount')}
            </button>
            <button type="button" role="menuitem" className="dropdown-item" onClick={() => void signOutNow()}>
              {t('header.signOut')}
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
