/**
 * Every user-facing validation and toast message, verbatim. Some keep their odd spelling on purpose: clients and
 * tests match these exact strings, so they change only together (see docs/product-rules.md).
 * Edit them here and nowhere else.
 */
export const messages = {
  // Form validation
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'password must be required',
  passwordTooShort: 'Password must be atleast 6 caracter or longer',
  nameRequired: 'Name is required',
  confirmPasswordRequired: 'confirm password must be required',
  numberRequired: 'Number is required',
  addressRequired: 'Address is required',
  quantityRequired: 'Quantity is required',
  quantityAboveStock: 'You can not buy more then stock',
  quantityBelowMinimum: 'You cannot order below the minimum order.',
  reviewIncomplete: 'Please input all requirements',
  productNameRequired: 'Product Name is required',
  productImageRequired: 'Product image is required',
  minOrderRequired: 'Minimum Order is required',
  priceRequired: 'Price is required',
  descriptionRequired: 'Description are required',
  // Toasts
  loginSuccess: 'Login successfully',
  registerSuccess: 'Email verification was send. please verify your account.',
  imageUpdated: 'Image update successfully',
  updated: 'Update successfully',
  reviewSaved: 'Review setSuccessfully',
  orderCancelled: 'Successfully deleted',
  productDeleted: 'successfully deleted',
  delivered: 'Successfully delivered',
  madeAdmin: 'Hola Successfully made admin',
  paymentCongrats: 'Congrats! Payment is done',
  paymentDone: 'Payment Done! Please wait for delivery.',
  paymentDeclined: 'Your card was declined.',
} as const;

export type MessageKey = keyof typeof messages;
