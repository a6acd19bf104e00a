import { z } from 'zod';
import { defineCall } from './contract';

/*
 * The Indonesian area lookups of the address search widget (spec 3 §2, §5, §7; issue 14). The
 * areas come from the idn-area-data package (ODbL) and are searched on the server; members of an
 * application look them up while filling in its pages.
 */

/** The address search widget looks up from this many typed characters (spec 3 §5, §9). */
export const ADDRESS_LOOKUP_MIN_CHARS = 6;
/** At most this many options answer one lookup. */
export const ADDRESS_LOOKUP_LIMIT = 20;

/**
 * One offered address: `location` is 'DESA, KECAMATAN, KABUPATEN, PROVINSI' as the widget shows
 * it, with the area codes beside it (a village's name may itself hold ', ').
 */
export const AddressOptionSchema = z.object({
  location: z.string(),
  village: z.string(),
  district: z.string(),
  regency: z.string(),
  province: z.string(),
  villageCode: z.string(),
  districtCode: z.string(),
  regencyCode: z.string(),
  provinceCode: z.string(),
});
export type AddressOption = z.infer<typeof AddressOptionSchema>;

export const GetAddressBodySchema = z.object({
  /** The application whose page looks the address up (its members may). */
  appId: z.number().int().positive(),
  address: z.string().trim()
    .min(ADDRESS_LOOKUP_MIN_CHARS, `Type at least ${ADDRESS_LOOKUP_MIN_CHARS} characters of the address`)
    .max(200, 'The address is too long'),
});
export type GetAddressBody = z.infer<typeof GetAddressBodySchema>;

export const lookupCalls = {
  getAddress: defineCall({
    method: 'POST', path: '/get/getAddress', tag: 'lookups',
    summary: 'Villages of Indonesia matching the typed address, best first (members of the application)',
    description: 'Prefix and typo-tolerant search over the 83,762 villages of idn-area-data (ODbL), village and district names weighted; each option carries its area codes.',
    body: GetAddressBodySchema,
    data: z.array(AddressOptionSchema),
    access: { level: 'member', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
};
