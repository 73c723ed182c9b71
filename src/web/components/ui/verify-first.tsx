/**
 * In place of a form that needs a verified address (creating a company, inviting, uploading a certificate: each
 * makes the shop send mail, decision 045): the server's own 403 message, shown before anyone fills the form in vain.
 */
export function VerifyFirst({ message }: { message: string }) {
  return (
    <p role="status" className="alert alert-warning alert-soft mt-4 max-w-xl">
      {message}
    </p>
  );
}
