import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MERCHANT_TEXTS, type MerchantSettings, type merchantSettingsRequest } from '@church/contract/giving-merchant';
import { payfastEndpoints, type PayfastConfig, type PayfastNetwork } from '../../config';
import type { Db } from '../../db/client';
import { paymentSettings, type PaymentSettingsRow } from '../../db/schema/index';
import { conflict } from '../../lib/errors';
import type { Sealer } from '../../lib/seal';
import { recordAudit, type AuditActor } from '../audit/audit';
import { createPayfastProvider } from './payfast';
import type { PaymentProvider } from './payment-provider';

type MerchantInput = z.output<typeof merchantSettingsRequest>;

export interface MerchantDeps {
  db: Db;
  /** PayFast from the environment: when set it is the account in use, and settings cannot change it. */
  fromEnvironment: PayfastConfig | null;
  network: PayfastNetwork;
  /** Seals the passphrase at rest (lib/seal.ts, purpose 'payment-provider'). */
  sealer: Sealer;
  fetchImpl?: typeof fetch;
}

/**
 * The card payment account in use: the environment's, else the one an
 * administrator entered in settings, else none (card giving says it is not
 * set up). Read on every use, one primary-key row: a change takes effect at
 * once on every instance, with no cache to drop.
 */
export function createMerchantAccount(d: MerchantDeps) {
  const envProvider = d.fromEnvironment ? createPayfastProvider(d.fromEnvironment, d.fetchImpl) : null;
  const row = async () => (await d.db.select().from(paymentSettings).where(eq(paymentSettings.id, 1)))[0];

  function providerFor(r: PaymentSettingsRow): PaymentProvider | null {
    const passphrase = r.sealedPassphrase === null ? undefined : d.sealer.open(r.sealedPassphrase);
    // Sealed under another server secret: signing with no passphrase would be refused by PayFast anyway.
    if (passphrase === null) return null;
    const cfg: PayfastConfig = {
      merchantId: r.merchantId,
      merchantKey: r.merchantKey,
      passphrase: passphrase || undefined,
      sandbox: r.sandbox,
      ...payfastEndpoints(d.network, r.sandbox),
    };
    return createPayfastProvider(cfg, d.fetchImpl);
  }

  function present(r: PaymentSettingsRow | undefined): MerchantSettings {
    if (d.fromEnvironment) {
      const e = d.fromEnvironment;
      return {
        source: 'environment',
        provider: 'payfast',
        merchantId: e.merchantId,
        merchantKey: e.merchantKey,
        passphraseSet: !!e.passphrase,
        sandbox: e.sandbox,
        updatedAt: null,
      };
    }
    if (!r)
      return {
        source: 'none',
        provider: 'payfast',
        merchantId: null,
        merchantKey: null,
        passphraseSet: false,
        sandbox: false,
        updatedAt: null,
      };
    return {
      source: 'settings',
      provider: 'payfast',
      merchantId: r.merchantId,
      merchantKey: r.merchantKey,
      passphraseSet: r.sealedPassphrase !== null,
      sandbox: r.sandbox,
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  const refuseWhenEnvironment = () => {
    if (d.fromEnvironment) throw conflict(MERCHANT_TEXTS.fromEnvironment);
  };

  return {
    /** The provider to use now, or null when no account is set up. */
    async provider(): Promise<PaymentProvider | null> {
      if (envProvider) return envProvider;
      const r = await row();
      return r ? providerFor(r) : null;
    },
    describe: async () => present(d.fromEnvironment ? undefined : await row()),

    /** Saves the account; an empty passphrase keeps the stored one. Audited without the secrets. */
    async save(input: MerchantInput, actor: AuditActor): Promise<MerchantSettings> {
      refuseWhenEnvironment();
      const before = await row();
      const sealedPassphrase = input.clearPassphrase
        ? null
        : input.passphrase
          ? d.sealer.seal(input.passphrase)
          : (before?.sealedPassphrase ?? null);
      const values = {
        merchantId: input.merchantId,
        merchantKey: input.merchantKey,
        sealedPassphrase,
        sandbox: input.sandbox,
        updatedBy: actor.actorId,
        updatedAt: new Date(),
      };
      const saved = await d.db.transaction(async (tx) => {
        const [r] = await tx
          .insert(paymentSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: paymentSettings.id, set: values })
          .returning();
        const passphrase = input.clearPassphrase ? 'removed' : input.passphrase ? 'changed' : before?.sealedPassphrase ? 'kept' : 'none';
        await recordAudit(tx, {
          ...actor,
          action: 'payments.merchant_saved',
          entityType: 'payment_settings',
          entityId: 'payfast',
          summary: `PayFast merchant ${input.merchantId}${input.sandbox ? ' (sandbox)' : ''} saved; passphrase ${passphrase}`,
          before: before ? { merchantId: before.merchantId, sandbox: before.sandbox } : null,
          after: { merchantId: input.merchantId, sandbox: input.sandbox, passphrase },
        });
        return r!;
      });
      return present(saved);
    },

    /** Turns card giving off (gifts and subscriptions already made are kept). */
    async remove(actor: AuditActor): Promise<MerchantSettings> {
      refuseWhenEnvironment();
      await d.db.transaction(async (tx) => {
        const [gone] = await tx.delete(paymentSettings).where(eq(paymentSettings.id, 1)).returning();
        if (gone)
          await recordAudit(tx, {
            ...actor,
            action: 'payments.merchant_removed',
            entityType: 'payment_settings',
            entityId: 'payfast',
            summary: `PayFast merchant ${gone.merchantId} removed: card giving is off`,
            before: { merchantId: gone.merchantId, sandbox: gone.sandbox },
          });
      });
      return present(undefined);
    },
  };
}
export type MerchantAccount = ReturnType<typeof createMerchantAccount>;
