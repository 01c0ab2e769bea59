/**
 * What a session shows of where it is: the device and browser from its user agent (its country
 * comes from geo's countryOfAddress). The address itself is never kept.
 */
import { SESSION_USER_AGENT_LENGTH, type SessionDevice } from '@amora/common';
import Bowser from 'bowser';

/** What a request tells of the browser that sent it. */
export interface SessionClient {
  userAgent: string | null;
  ip: string;
  /** The browser's device cookie; null when it has none (yet). */
  device: string | null;
}

/** The user agent as a session keeps it: cut to a sane length, null when there is none. */
export function keptUserAgent(userAgent: string | null | undefined): string | null {
  const kept = userAgent?.trim().slice(0, SESSION_USER_AGENT_LENGTH);
  return kept || null;
}

/** A device's system as people name it: an iPhone or iPad by its model, others by their OS. */
function systemOf(parsed: Bowser.Parser.ParsedResult): string | null {
  const model = parsed.platform.model;
  if (parsed.os.name === 'iOS' && model) return model;
  return parsed.os.name || null;
}

function kindOf(type: string | undefined): SessionDevice['kind'] {
  if (type === 'mobile') return 'phone';
  if (type === 'tablet') return 'tablet';
  return 'computer';
}

/** The device and browser of a user agent, e.g. Chrome on Android; unknown parts are null. */
export function deviceOf(userAgent: string | null): SessionDevice {
  if (!userAgent) return { kind: 'computer', browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  return { kind: kindOf(parsed.platform.type), browser: parsed.browser.name || null, system: systemOf(parsed) };
}
