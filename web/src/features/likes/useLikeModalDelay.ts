import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../api/hooks';

/**
 * The like modal: with ?t=N in the address (links in mails and landers), a logged-in member gets a
 * like after N seconds, shown in the match popup opened without a profile. Then t leaves the address.
 */
export function useLikeModalDelay(openWithoutProfile: () => void) {
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const delay = Number(params.get('t'));
  const armed = user !== null && params.has('t') && Number.isFinite(delay) && delay >= 0;

  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('t');
          return next;
        },
        { replace: true },
      );
      openWithoutProfile();
    }, delay * 1000);
    return () => clearTimeout(timer);
  }, [armed, delay]);
}
