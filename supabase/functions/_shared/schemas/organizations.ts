// PUT /api/admin/organizations/{id} (SPEC §2 companies, §5 company form). organizationNumber is read-only.
import { z } from 'zod';
import { emailField, optionalText, requiredText } from './common.ts';

export const updateOrganizationSchema = z.strictObject({
  name: requiredText('company_name_required'),
  address: requiredText('address_required'),
  city: requiredText('city_required', 100),
  postalCode: requiredText('postal_code_required', 20),
  country: requiredText('country_required', 100),
  email: emailField(),
  phone: requiredText('phone_required', 40),
  domain: optionalText(253),
});
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;
