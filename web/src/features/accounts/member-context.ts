import type { User } from '@amora/common';
import { createContext, useContext } from 'react';

/** The signed-in member, given by the app's RequireMember route (app/RequireMember.tsx). */
export const MemberContext = createContext<User | null>(null);

/** The signed-in member, for a page under RequireMember; it never renders for a visitor. */
export function useMember(): User {
  const member = useContext(MemberContext);
  if (!member) throw new Error('useMember() is only for routes under <RequireMember>');
  return member;
}
