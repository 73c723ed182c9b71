/**
 * The public tracking page of the carriers most US shipments go by, built from the tracking number, for a shipment
 * whose shipper pasted no link (decision 046). Matched on the carrier's name as staff type it ("UPS", "FedEx
 * Freight", "usps", "DHL Express"); another carrier gets no link.
 */
const carriers: { test: RegExp; url: (n: string) => string }[] = [
  { test: /^ups\b/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { test: /^fed\s*ex\b/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  {
    test: /^(usps\b|u\.s\. postal|us postal)/i,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  { test: /^dhl\b/i, url: (n) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}` },
];

/** The carrier's tracking link for this number, or null for a carrier it does not know. */
export function carrierTrackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
) {
  const name = carrier?.trim();
  const number = trackingNumber?.replace(/\s+/g, '');
  if (!name || !number) return null;
  const known = carriers.find((c) => c.test.test(name));
  return known ? known.url(encodeURIComponent(number)) : null;
}
