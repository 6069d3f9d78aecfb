import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useConsent } from '../consent/ConsentProvider';
import type { SiteDialog } from './useSiteChoices';

// Loaded when first opened: they are not part of what a first visit needs (first-load budget, bench/).
const SettingsDialog = lazy(() => import('./SettingsDialog').then((module) => ({ default: module.SettingsDialog })));
const LanguageDialog = lazy(() => import('./ChooserDialogs').then((module) => ({ default: module.LanguageDialog })));
const CountryDialog = lazy(() => import('./ChooserDialogs').then((module) => ({ default: module.CountryDialog })));
const SideMenu = lazy(() => import('../layout/SideMenu').then((module) => ({ default: module.SideMenu })));

const OpenDialogContext = createContext<(dialog: SiteDialog) => void>(() => {});

export function useOpenSiteDialog(): (dialog: SiteDialog) => void {
  return useContext(OpenDialogContext);
}

/** Provides the opener and renders whichever site dialog is open, one at a time. */
export function SiteDialogs({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<SiteDialog | null>(null);
  const { choicesOpen } = useConsent();
  const close = useCallback(() => setOpen(null), []);
  // The control that opened the first of a chain of dialogs (menu → settings → language): each dialog
  // gives the focus back to its own opener, but a later one's opener was inside a dialog that is gone.
  const chainOpener = useRef<HTMLElement | null>(null);
  const openDialog = useCallback((dialog: SiteDialog) => {
    setOpen((current) => {
      if (current === null && document.activeElement instanceof HTMLElement) chainOpener.current = document.activeElement;
      return dialog;
    });
  }, []);
  useEffect(() => {
    if (open !== null) return;
    const opener = chainOpener.current;
    chainOpener.current = null;
    if (opener?.isConnected && (document.activeElement === document.body || !document.activeElement)) opener.focus();
  }, [open]);

  // The cookie choices live in the banner, which a modal dialog would cover and make inert.
  useEffect(() => {
    if (choicesOpen) setOpen(null);
  }, [choicesOpen]);

  // A followed link leaves the page the dialog was opened on (the side menu's links, above all).
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes once per new location, which `key` identifies
  useEffect(() => setOpen(null), [key]);

  return (
    <OpenDialogContext.Provider value={openDialog}>
      {children}
      <Suspense>
        {open === 'settings' && <SettingsDialog onClose={close} onOpen={openDialog} />}
        {open === 'language' && <LanguageDialog onClose={close} />}
        {open === 'country' && <CountryDialog onClose={close} />}
        {open === 'menu' && <SideMenu onClose={close} onOpenSettings={() => openDialog('settings')} />}
      </Suspense>
    </OpenDialogContext.Provider>
  );
}
