/**
 * react-bootstrap's Modal and a bottom sheet (its Offcanvas), and the alerts and texts with links
 * (react-i18next's Trans) inside them, whose code stays out of the first screen's: with their
 * transitions, focus handling and tag parsing they were 11.6 KB of the first load (Brotli), for
 * dialogs most first visits never open. The browser fetches the code when it is idle after the
 * first screen, so a dialog opens without waiting; one shown before that appears when its code has
 * come. The search's filters keep react-bootstrap's Offcanvas: it is `responsive`, drawn in the
 * page on a wide screen.
 */
import { type ComponentProps, createElement, type ElementType, useEffect } from 'react';
import type BootstrapAlert from 'react-bootstrap/Alert';
import type BootstrapModal from 'react-bootstrap/Modal';
import type BootstrapOffcanvas from 'react-bootstrap/Offcanvas';
import type { Trans } from 'react-i18next';
import { lazyModule, useLazyModule } from '../lazy-module';

type Code = typeof import('./dialog-code');
const dialogCode = lazyModule(() => import('./dialog-code'));

function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(work, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 2000);
  return () => clearTimeout(id);
}

/** The dialogs' code once it is here: fetched when the browser is idle, or at once when `show` asks for it. */
function useDialogCode(show: boolean | undefined): Code | null {
  const code = useLazyModule(dialogCode);
  useEffect(() => {
    if (code) return;
    const load = () => void dialogCode.load().catch(() => undefined);
    if (!show) return whenIdle(load);
    load();
  }, [code, show]);
  return code;
}

/** A part of a dialog (its header, say). It renders only inside the dialog, whose code is here by then. */
const part = (pick: (code: Code) => ElementType) => (props: Record<string, unknown>) =>
  dialogCode.current ? createElement(pick(dialogCode.current), props) : null;

function LazyModal(props: ComponentProps<typeof BootstrapModal>) {
  const code = useDialogCode(props.show);
  return code ? <code.Modal {...props} /> : null;
}

function LazySheet(props: ComponentProps<typeof BootstrapOffcanvas>) {
  const code = useDialogCode(props.show);
  return code ? <code.Offcanvas placement="bottom" {...props} /> : null;
}

export const Modal = Object.assign(LazyModal, {
  Header: part((code) => code.Modal.Header),
  Title: part((code) => code.Modal.Title),
  Body: part((code) => code.Modal.Body),
  Footer: part((code) => code.Modal.Footer),
}) as unknown as typeof BootstrapModal;

/** A sheet that slides up from the bottom of the screen. */
export const Sheet = Object.assign(LazySheet, {
  Header: part((code) => code.Offcanvas.Header),
  Title: part((code) => code.Offcanvas.Title),
  Body: part((code) => code.Offcanvas.Body),
}) as unknown as typeof BootstrapOffcanvas;

/** A text with links in a dialog: react-i18next's Trans, whose code comes with the dialogs'. */
export const DialogTrans = part((code) => code.Trans) as unknown as typeof Trans;

/** An alert in a dialog: react-bootstrap's, whose transition code comes with the dialogs'. */
export const DialogAlert = part((code) => code.Alert) as unknown as typeof BootstrapAlert;
