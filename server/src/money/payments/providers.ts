/** The payment provider the configuration names: the sandbox (development) or Mollie. */
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import { createMollieProvider } from './mollie.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox.js';

export function configuredProvider(
  config: Config,
  db: Db,
  clock: Clock,
): { provider: PaymentProvider; sandbox: SandboxProvider | null } {
  if (config.paymentProvider === 'sandbox') {
    const sandbox = createSandboxProvider(db, clock);
    return { provider: sandbox, sandbox };
  }
  return {
    provider: createMollieProvider({ apiKey: config.mollieApiKey ?? '', apiEndpoint: config.mollieApiUrl }),
    sandbox: null,
  };
}
