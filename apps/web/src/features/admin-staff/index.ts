/** The staff area as other console areas see it: the list of members (the audit log's filter). */
export { useStaffMembers } from './api/get-staff';
export { staffRoleNames } from './role-names';
