import type { ReactNode } from 'react';
import { usePopover } from '../hooks/usePopover';

/**
 * A button that opens a list of links and buttons under it (the account's, the language's, a
 * photo's). A click on an item, outside, or Escape closes it. Bootstrap's dropdown classes style it;
 * react-bootstrap's Dropdown would bring Popper into every first load for this.
 */
export function Menu({
  id,
  label,
  toggle,
  toggleClassName,
  className = '',
  align = 'end',
  children,
}: {
  id?: string;
  /** The button's accessible name, where its content is an icon or a photo. */
  label: string;
  toggle: ReactNode;
  toggleClassName: string;
  className?: string;
  /** Which edge of the button the list lines up with; `start` where there is no room to its left. */
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  const { open, setOpen, root, button } = usePopover();

  return (
    <div ref={root} className={`menu ${className}`}>
      <button
        ref={button}
        id={id}
        type="button"
        className={toggleClassName}
        aria-label={label}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {toggle}
      </button>
      {open && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: its items are links and buttons, each reachable by keyboard.
        // biome-ignore lint/a11y/noStaticElementInteractions: a chosen item closes the menu.
        <div className={`dropdown-menu show menu-${align}`} onClick={() => setOpen(false)}>
          {children}
        </div>
      )}
    </div>
  );
}
