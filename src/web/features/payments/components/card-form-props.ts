// Apart from the panel that renders the forms: each form imports this contract, and the panel imports the forms.
/** What a card form needs: the intent's secret, the billing details, and what to do once the card is charged. */
export interface CardFormProps {
  clientSecret: string;
  billing: { name: string; email: string; phone: string };
  onSucceeded: (transactionId: string) => void;
}
