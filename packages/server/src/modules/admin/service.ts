import type { Config } from '../../config.ts';
import type { Transactions } from '../../db/transaction.ts';
import type { TAgencyStatusFilter, TAgencySummary } from '@heliline/domain';
import type { AccountsService } from '../accounts/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { agencyAuthorisedMail } from '../mail/templates.ts';

/** Administration of accounts: the agencies waiting for confirmation. */
export class AdminService {
  constructor(private readonly deps: { accounts: AccountsService; transactions: Pick<Transactions, 'run'>; mailer: Pick<Mailer, 'enqueue'>; config: Config }) {}

  listAgencies(status: TAgencyStatusFilter): Promise<TAgencySummary[]> {
    return this.deps.accounts.listAgencies(status);
  }

  /** Unlocks the agency and tells it by e-mail, in one transaction (once: authorising again changes nothing). */
  authoriseAgency(id: number, adminId: number): Promise<TAgencySummary> {
    return this.deps.transactions.run(async (trx) => {
      const { agency, locale, newly } = await this.deps.accounts.authoriseAgency(id, adminId, trx);
      if (newly) {
        const mail = agencyAuthorisedMail({ lang: locale, loginUrl: `${this.deps.config.appUrl}/login`, companyName: agency.company_name || agency.email });
        await this.deps.mailer.enqueue(trx, { to: agency.email, ...mail });
      }
      return agency;
    });
  }
}
