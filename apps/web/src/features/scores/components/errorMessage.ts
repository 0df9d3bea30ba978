import { isApiError } from '../../../api/errors';

/** What went wrong, in words an underwriter can act on; the API's message for 404 and 400. */
export function errorMessage(error: unknown): { title: string; message: string } {
  if (isApiError(error)) {
    if (error.status === 404) return { title: 'Property not found', message: error.message };
    if (error.status === 400) return { title: 'Please check your search', message: error.message };
    if (error.status === 403)
      return {
        title: 'Not available',
        message: error.message || 'Your organisation does not have access to this product.',
      };
  }
  return {
    title: 'Something went wrong',
    message:
      'We could not load the scores right now. Please try again in a moment, or contact support if it keeps happening.',
  };
}
