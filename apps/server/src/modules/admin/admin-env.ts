import { z } from 'zod';
import {
  commaList,
  flag,
  folder,
  optionalText,
  refuseSentence,
  rupees,
  wholeNumber,
  type Deployment,
} from '../../platform/env-fields.ts';
import { proxyAddresses, trustProxyField } from '../../platform/platform-env.ts';

// The operator back office (/admin, /admin-api): who reaches it, how it seals operators' second factors,
// and above what an agent programme needs a second owner. Maker-checker's numbers, which config.admin
// carries too, are the approvals module's (approvals/approvals-env.ts).

/** The operator back office: on by default outside production, off in production unless set. */
export type AdminSettings = {
  isEnabled: boolean;
  /** Addresses or CIDR ranges allowed to reach it; empty allows every address (in production only with ADMIN_ALLOW_ANY_ADDRESS). */
  allowedIps: string[];
  /** Proxies whose X-Forwarded-For the gate believes (ADMIN_TRUSTED_PROXIES, else TRUST_PROXY's addresses). */
  trustedProxies: string[];
  distDir: string;
  /** Key material for sealing operators' TOTP secrets at rest (ADMIN_TOTP_KEY, else CODE_SECRET). */
  totpKeySecret: string;
  /** An agent programme beyond these needs a second owner's approval. */
  agentProgrammeSingleOwner: { maxRateSumBp: number; maxInviteBonusPaise: bigint };
};

/**
 * Who reaches the back office is settled here. Production refuses to open it to every address unless
 * told so, and the gate needs the proxies' own addresses to read X-Forwarded-For: with TRUST_PROXY as a
 * number of hops, any client reaching a node directly could write an allowed address into the header.
 */
export function adminEnv({ isProduction }: Deployment) {
  return z
    .object({
      ADMIN_ENABLED: flag(!isProduction),
      ADMIN_ALLOWED_IPS: commaList,
      ADMIN_ALLOW_ANY_ADDRESS: flag(false),
      ADMIN_TRUSTED_PROXIES: proxyAddresses('a list of proxy addresses/CIDRs'),
      TRUST_PROXY: trustProxyField,
      ADMIN_DIST_DIR: folder('apps/admin/dist'),
      ADMIN_TOTP_KEY: optionalText,
      CODE_SECRET: optionalText,
      AGENT_PROGRAMME_SINGLE_OWNER_MAX_RATE_SUM_BP: wholeNumber(300),
      AGENT_PROGRAMME_SINGLE_OWNER_MAX_INVITE_BONUS_RUPEES: rupees(500),
    })
    .transform((fields, ctx): AdminSettings => {
      const isEnabled = fields.ADMIN_ENABLED;
      const allowedIps = fields.ADMIN_ALLOWED_IPS;
      const ownProxies = fields.ADMIN_TRUSTED_PROXIES.length > 0 ? fields.ADMIN_TRUSTED_PROXIES : undefined;
      const trusted = fields.TRUST_PROXY;
      if (isProduction && isEnabled && allowedIps.length === 0 && !fields.ADMIN_ALLOW_ANY_ADDRESS)
        refuseSentence(
          ctx,
          'ADMIN_ENABLED=true in production needs ADMIN_ALLOWED_IPS (your office or VPN addresses): without it the back office is open to every address; set ADMIN_ALLOW_ANY_ADDRESS=true only if that is meant',
        );
      if (fields.ADMIN_ALLOW_ANY_ADDRESS && allowedIps.length > 0)
        refuseSentence(ctx, 'ADMIN_ALLOW_ANY_ADDRESS=true and ADMIN_ALLOWED_IPS contradict each other: set one of them');
      if (isEnabled && allowedIps.length > 0 && typeof trusted === 'number' && ownProxies === undefined)
        refuseSentence(
          ctx,
          `ADMIN_ALLOWED_IPS with TRUST_PROXY=${trusted} (a number of proxies) would let any client that reaches a node directly name an allowed address in X-Forwarded-For: set ADMIN_TRUSTED_PROXIES to your proxies' addresses, or TRUST_PROXY to those addresses instead of a number`,
        );
      return {
        isEnabled,
        allowedIps,
        trustedProxies: ownProxies ?? (Array.isArray(trusted) ? trusted : []),
        distDir: fields.ADMIN_DIST_DIR,
        // Production always has CODE_SECRET (the platform's settings refuse it otherwise); the fallback
        // keeps development secrets readable across restarts.
        totpKeySecret: fields.ADMIN_TOTP_KEY ?? fields.CODE_SECRET ?? 'mayur-development-operator-totp-key',
        agentProgrammeSingleOwner: {
          maxRateSumBp: fields.AGENT_PROGRAMME_SINGLE_OWNER_MAX_RATE_SUM_BP,
          maxInviteBonusPaise: fields.AGENT_PROGRAMME_SINGLE_OWNER_MAX_INVITE_BONUS_RUPEES,
        },
      };
    });
}
