/** What every server of the journeys runs with, the shared one and each fresh site's. */

/**
 * The journeys are no load test: a busy machine (two cores, two browsers, two servers) must not
 * have their calls refused as overload. The guard's own tests are in server/test.
 */
export const NO_OVERLOAD_GUARD = {
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
  OVERLOAD_DATABASE_WAITING: '0',
};
