import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { TAgencyStatusFilter, TAgencySummary } from '@heliline/domain';
import type { AccountsService } from '../accounts/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { agencyAuthorisedMail } from '../mail/templates.ts';

/** Administration of accounts: the agencies waiting for confirmation. */
export class AdminService {
  constructor(private readonly deps: { accounts: AccountsService; mailer: Mailer; config: Config; log: FastifyBaseLogger }) {}

  listAgencies(status: TAgencyStatusFilter): Promise<TAgencySummary[]> {
    return this.deps.accounts.listAgencies(status);
  }

  /** Unlocks the agency and tells it by e-mail (once: authorising again changes nothing). */
  async authoriseAgency(id: number, adminId: number): Promise<TAgencySummary> {
    const { agency, locale, newly } = await this.deps.accounts.authoriseAgency(id, adminId);
    if (newly) {
      const mail = agencyAuthorisedMail({
        lang: locale,
        loginUrl: `${this.deps.config.appUrl}/login`,
        companyName: agency.company_name || agency.email,
      });
      try {
        await this.deps.mailer.send({ to: agency.email, ...mail });
      } catch (err) {
        this.deps.log.error({ err, kind: mail.kind }, 'mail delivery failed');
      }
    }
    return agency;
  }
}
