import { AppError } from '../../../http/errors.ts';

export const notFound = () => new AppError('notFound', 'notFound');
