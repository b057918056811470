/**
 * The small interface every card provider implements (PayFast first; Paystack
 * or Yoco can follow). The service decides what a notification means for a
 * donation; the provider only speaks its own wire format.
 */
export interface CheckoutInput {
  reference: string;
  amountCents: number;
  itemName: string;
  donor: { firstName: string; lastName: string; email: string };
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
  /** Weekly or monthly gifts become provider subscriptions. */
  recurring?: 'weekly' | 'monthly';
}

export interface Checkout {
  action: string;
  fields: Array<[string, string]>;
}

export interface ProviderNotification {
  reference: string;
  providerPaymentId: string;
  status: 'complete' | 'failed' | 'cancelled';
  amountCents: number;
  /** The subscription token, on a recurring payment. */
  token: string | null;
  fields: Record<string, string>;
}

export type VerifyResult = { ok: true; notification: ProviderNotification } | { ok: false; reason: string; fields: Record<string, string> };

export interface PaymentProvider {
  name: string;
  createCheckout(input: CheckoutInput): Checkout;
  /** Checks the provider documents that need no knowledge of the donation: signature and source. */
  verifyNotification(rawBody: string, sourceIp: string): VerifyResult;
  /** The provider's server-to-server confirmation that it really sent this notification. */
  confirmNotification(rawBody: string): Promise<boolean>;
  cancelSubscription(token: string): Promise<void>;
}
