import type { StaffLevel } from '../../moderation/roles.service.ts';

/**
 * Who acts as custodian of records in the console (reads records, exports them with the ID copies):
 * admins, the small group that already handles restricted cases. Moderators review identities but do
 * not browse the records.
 */
export const RECORDS_CUSTODIAN_LEVEL: StaffLevel = 'admin';
