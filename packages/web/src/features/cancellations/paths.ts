/** Paths of the cancellation screens. */
export const cancellationsPath = '/admin/cancellations';
export const cancellationPath = (id: number) => `/admin/cancellations/${id}`;
