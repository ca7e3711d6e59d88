import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { PAYMENT_MSG, type PlanDto } from '@kindred/shared';
import { errorMessage } from '../../../lib/api-error.ts';
import { useCreateCheckoutMutation } from '../api/create-checkout.api.ts';
import { safeCheckoutUrl } from '../utils/payment-return.ts';

/**
 * BUY NOW (spec sections 4 and 8): start a checkout on the server, then send the browser to the URL it returns
 * (the provider's checkout page, or /payment-success straight away for a free plan). While the browser is leaving,
 * the clicked button keeps spinning and the others stay disabled, so a second checkout cannot start.
 */
/**
 * How long 'Payment initiated successfully! Redirecting...' stays on screen before the browser leaves: long
 * enough to be read (and for the on-demand toaster to render it), short enough not to feel like waiting.
 */
const CHECKOUT_REDIRECT_DELAY_MS = 800;

export function useBuyPlan() {
  const checkout = useCreateCheckoutMutation();
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);

  // Coming back with the browser's Back button may restore this page from the back/forward cache, still spinning.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPlanId(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const buy = (plan: PlanDto) => {
    if (pendingPlanId) return;
    setPendingPlanId(plan.id);
    checkout.mutate(plan, {
      onSuccess: (session) => {
        const url = safeCheckoutUrl(session.url, window.location.origin);
        if (!url) {
          setPendingPlanId(null);
          toast.error(PAYMENT_MSG.initiateFailed);
          return;
        }
        toast.success(PAYMENT_MSG.initiated);
        window.setTimeout(() => window.location.assign(url), CHECKOUT_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        setPendingPlanId(null);
        // A 409 (the free trial already used) and a 404 (plan withdrawn) carry the server's own message.
        toast.error(errorMessage(error, PAYMENT_MSG.initiateFailed));
      },
    });
  };

  return { buy, pendingPlanId };
}
