/** The back office's discount codes: the codes members type, per site. */
import { z } from 'zod';
import { DISCOUNT_VALIDITIES, PAYMENT_METHODS } from '../constants.js';
import { CURRENCIES } from '../money.js';
import { id } from './ids.js';
import { calendarDay, text } from './text.js';

/** GET /api/staff/discounts.php: the codes members type, on every site or one. */
export const discountCodesQuery = z.object({ site: id.optional() });

/** Whole percent off. */
const percentage = z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(99, 'invalid');
/** The last day a code works (it works until that day ends, UTC); null: no end. */
const lastDay = calendarDay('invalid');
/** Minor units a bundle's price must reach. */
const minimumOrder = z.number({ message: 'invalid' }).int('invalid').min(0, 'invalid').max(100_000_000, 'invalid');

/** POST /api/staff/discounts.php: a new code for a site. */
export const addDiscountCodeRequest = z.object({
  site: id,
  code: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,40}$/, 'invalid'),
  percentage,
  validity: z.enum(DISCOUNT_VALIDITIES, { message: 'invalid_choice' }),
  /** Only for payments in this country (one the site sells in). */
  country: text()
    .trim()
    .regex(/^[A-Z]{2}$/, 'invalid_choice')
    .optional(),
  currency: z.enum(CURRENCIES, { message: 'invalid_choice' }).optional(),
  minimum_order_value: minimumOrder.optional(),
  last_day: lastDay.optional(),
  methods: z
    .array(z.enum(PAYMENT_METHODS, { message: 'invalid_choice' }))
    .min(1, 'required')
    .optional(),
});

/** PUT /api/staff/discounts.php: a code's percentage, minimum, last day or status; payments under way keep theirs. */
export const changeDiscountCodeRequest = z.object({
  id,
  percentage: percentage.optional(),
  minimum_order_value: minimumOrder.optional(),
  last_day: lastDay.nullable().optional(),
  status: z.enum(['active', 'inactive'], { message: 'invalid_choice' }).optional(),
});

export const staffDiscountCode = z.object({
  id: z.number(),
  site: z.object({ id: z.number(), name: z.string() }),
  code: z.string(),
  percentage: z.number(),
  validity: z.enum(DISCOUNT_VALIDITIES),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  minimum_order_value: z.number(),
  expires: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  methods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
  /** Payments holding it now or paid with it. */
  used: z.number(),
  created_at: z.string(),
});
export type StaffDiscountCode = z.infer<typeof staffDiscountCode>;

export const discountCodesResponse = z.object({ codes: z.array(staffDiscountCode) });
export const discountCodeResponse = z.object({ code: staffDiscountCode });
