import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/messages.ts';
import { BAG_KG_MAX, BAG_KG_MIN, loadLine, PASSENGER_KG_MAX, PASSENGER_KG_MIN, STANDARD_BAG_KG, STANDARD_MASS_KG } from './checkin.ts';
import { ZWeightsBody } from './checkin-wire.ts';

/** Plausible masses (issue 52 item 5): the desk cannot type a passenger of 0.1 kg, nor does one count as weighed. */
describe('masses at the desk', () => {
  const refused = (body: unknown) => ZWeightsBody.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('bounds are stated: 1 kg for a passenger (infants included), 0.1 kg for a bag', () => {
    expect([PASSENGER_KG_MIN, PASSENGER_KG_MAX, BAG_KG_MIN, BAG_KG_MAX]).toEqual([1, 250, 0.1, 40]);
  });

  it('refuses masses below the minimum or above the maximum, naming the field', () => {
    expect(refused({ passenger_kg: 0.1, bags_kg: [] })).toEqual([['passenger_kg', 'passengerKgImplausible']]);
    expect(refused({ passenger_kg: 0.99, bags_kg: [] })).toEqual([['passenger_kg', 'passengerKgImplausible']]);
    expect(refused({ passenger_kg: 250.1, bags_kg: [] })).toEqual([['passenger_kg', 'passengerKgImplausible']]);
    expect(refused({ passenger_kg: 80, bags_kg: [10, 0.05] })).toEqual([['bags_kg.1', 'bagKgImplausible']]);
    expect(refused({ passenger_kg: 80, bags_kg: [40.5] })).toEqual([['bags_kg.0', 'bagKgImplausible']]);
    expect(refused({ passenger_kg: 80, bags_kg: [0] })).toEqual([['bags_kg.0', 'bagKgImplausible']]);
    expect(refused({ passenger_kg: -5, bags_kg: [] })).toEqual([['passenger_kg', 'passengerKgImplausible']]);
  });

  it('takes the bounds themselves', () => {
    expect(ZWeightsBody.safeParse({ passenger_kg: PASSENGER_KG_MIN, bags_kg: [BAG_KG_MIN, BAG_KG_MAX] }).success).toBe(true);
    expect(ZWeightsBody.safeParse({ passenger_kg: PASSENGER_KG_MAX, bags_kg: [] }).success).toBe(true);
  });

  it('the messages give the bounds in Italian and English', () => {
    expect(MESSAGES.passengerKgImplausible).toEqual({ it: 'Peso del passeggero: tra 1 e 250 kg', en: 'Passenger mass: between 1 and 250 kg' });
    expect(MESSAGES.bagKgImplausible).toEqual({ it: 'Peso del bagaglio: tra 0,1 e 40 kg', en: 'Bag mass: between 0.1 and 40 kg' });
  });

  it('a stored implausible mass does not count as weighed: the standard one stands in', () => {
    expect(loadLine({ category: 'INF', passengerKg: 0.1, bagsKg: [] })).toEqual({ passengerKg: STANDARD_MASS_KG.INF, bagsKg: 0, standard: true });
    expect(loadLine({ category: 'AD', passengerKg: 80, bagsKg: [0.01] })).toEqual({ passengerKg: 80, bagsKg: STANDARD_BAG_KG, standard: true });
    expect(loadLine({ category: 'AD', passengerKg: 80, bagsKg: [7.5] })).toEqual({ passengerKg: 80, bagsKg: 7.5, standard: false });
    expect(loadLine({ category: 'INF', passengerKg: 4.2, bagsKg: [] })).toEqual({ passengerKg: 4.2, bagsKg: 0, standard: false });
  });
});
