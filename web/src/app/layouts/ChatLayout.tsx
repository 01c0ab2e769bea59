import { Outlet } from 'react-router';
import { EntryWarning } from '../../components/EntryWarning';

/** Visitors from these countries see the entry warning on a chat too (SPEC §2). */
const ENTRY_WARNING_COUNTRIES = ['NL', 'DE'];

/** The chat layout: bare, the conversation fills the screen; the entry warning for NL and DE visitors. */
export function ChatLayout() {
  return (
    <main id="content" className="chat-layout">
      <Outlet />
      <EntryWarning countries={ENTRY_WARNING_COUNTRIES} />
    </main>
  );
}
