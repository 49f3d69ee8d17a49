import { useEffect, useMemo, useState } from 'react';
import type { AddressPlace } from '@venue/contract/address';
import type { GeoLocation } from '@venue/contract/common';
import type { Vendor } from '@venue/contract/venue';
import type { Route } from '../lib/address-service';
import { chooseAddressService } from '../lib/choose-address-service';
import { deliveryVerdict } from '../lib/delivery-options';
import { devicePosition, isKnownPosition } from '../../../lib/geolocation';
import { useAddressSearch } from './use-address-search';

/** The delivery address with the street line the customer gave. */
function withStreet(address: AddressPlace, street: string): AddressPlace {
  const streetAddress = street.trim().replace(/\s+/g, ' ');
  if (streetAddress === address.streetAddress) return address;
  const place = `${address.addressLocality} ${address.addressRegion} ${address.postalCode}`;
  return { ...address, streetAddress, addressDescription: streetAddress ? `${streetAddress}, ${place}` : place };
}

export interface DeliveryAddressInput {
  /** the address chosen earlier in this order, if any */
  initial: AddressPlace | null;
  /** the stores that deliver home (the routes are from them) */
  delivering: Vendor[];
  /** where the suggestions centre without the customer's position */
  centre: GeoLocation | null;
  /** whether a store takes orders now (a single-vendor build offers its store either way) */
  takesOrders: (vendor: Vendor) => boolean;
  mapsKey: string;
}

/**
 * Spec §2/§5 delivery address: suggestions biased to the customer's position (high accuracy, 5 s,
 * else 0/0), the chosen address with the street line the customer gives, the routes from each
 * delivering store to it (driving with Google, estimated without), and the verdict: the stores
 * that can deliver there, soonest first, or why none can.
 */
export function useDeliveryAddress({ initial, delivering, centre, takesOrders, mapsKey }: DeliveryAddressInput) {
  const [position, setPosition] = useState<GeoLocation | null>(null);
  useEffect(() => {
    let live = true;
    void devicePosition().then((found) => {
      if (live) setPosition(found);
    });
    return () => {
      live = false;
    };
  }, []);

  const service = useMemo(() => chooseAddressService(mapsKey), [mapsKey]);
  const search = useAddressSearch(service, { initial, centre, bias: isKnownPosition(position) ? position : null });
  // The street line starts as the one typed with the suburb; an edit belongs to the address it was made for.
  const [streetEdit, setStreetEdit] = useState<{ address: AddressPlace; value: string } | null>(null);
  const street =
    streetEdit && streetEdit.address === search.address ? streetEdit.value : (search.address?.streetAddress ?? '');
  const setStreet = (value: string) => {
    if (search.address) setStreetEdit({ address: search.address, value });
  };
  const address = search.address ? withStreet(search.address, street) : null;
  const streetMissing = search.address !== null && street.trim() === '';

  const [routes, setRoutes] = useState<{ key: string; routes: Map<number, Route | null> } | null>(null);
  const routeKey = search.address
    ? `${search.address.location.latitude},${search.address.location.longitude}|${delivering.map((v) => v.id).join(',')}`
    : null;
  useEffect(() => {
    if (!routeKey || !search.address || delivering.length === 0) return;
    let live = true;
    const destination = search.address.location;
    service
      .routes(
        delivering.map((v) => v.geoLocation),
        destination,
      )
      .catch(() => delivering.map(() => null))
      .then((found) => {
        if (!live) return;
        setRoutes({ key: routeKey, routes: new Map(delivering.map((v, index) => [v.id, found[index] ?? null])) });
      });
    return () => {
      live = false;
    };
    // routeKey stands for the address and the delivering stores
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routeKey, service]);
  const currentRoutes = routes && routes.key === routeKey ? routes.routes : null;

  const verdict = address && currentRoutes ? deliveryVerdict(delivering, currentRoutes, takesOrders) : null;
  return {
    search,
    street,
    setStreet,
    address,
    /** the address is chosen and its routes are still being found */
    checking: address !== null && currentRoutes === null,
    verdict,
    // The stores (or 'Proceed to Order') wait for the street line; a reason the place cannot be served
    // ('we can't deliver to your address') does not, so a customer far away is told at once.
    options: verdict?.kind === 'options' && !streetMissing ? verdict.options : null,
  };
}
