/** The slot's flights table (spec §2): aircraft and Info only for Admin, Prenotazioni and PrenotaFull (`staff`). */
export function flightColumns(staff: boolean): string[] {
  return ['pick', 'flight', ...(staff ? ['aircraft'] : []), 'route', 'origin', 'takeOff', 'destination', 'landing', ...(staff ? ['info'] : [])];
}
