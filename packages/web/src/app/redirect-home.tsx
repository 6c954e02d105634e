import { redirect } from 'react-router';

/** /setup-email and any unknown path redirect to home (spec §2). */
export function clientLoader() {
  return redirect('/');
}

export default function RedirectHome() {
  return null;
}
