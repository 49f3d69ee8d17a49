import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AddressPlace } from '@venue/contract/address';
import type { Vendor } from '@venue/contract/venue';
import { settings } from '../../config/settings';
import { deliveryAddressSet, pickedTimeSet, serviceModeSelected } from '../../features/order/store/order-slice';
import { useAppDispatch } from '../hooks';
import { PATHS } from '../routes';
import { chooseVendor, startNewSession } from './vendor-choice';

/**
 * The delivery screen's choices: a store (and its delivery time) for the address, which may meet
 * an order already started with another store ('Existing session'), or picking up instead. A
 * chosen store and address become the order's home delivery and the menu opens.
 */
export function useDeliveryChoice(address: AddressPlace | null) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [timeFor, setTimeFor] = useState<Vendor | null>(null);
  const [conflictWith, setConflictWith] = useState<{ vendor: Vendor; pickedTime: string | null } | null>(null);

  const commit = (pickedTime: string | null) => {
    if (!address) return;
    dispatch(serviceModeSelected('HomeDelivery'));
    dispatch(deliveryAddressSet(address));
    dispatch(pickedTimeSet(pickedTime));
    void navigate(PATHS.placeOrder);
  };

  const chooseStore = (vendor: Vendor, pickedTime: string | null) => {
    if (dispatch(chooseVendor(vendor)) === 'conflict') {
      setConflictWith({ vendor, pickedTime });
      return;
    }
    commit(pickedTime);
  };

  return {
    timeFor,
    setTimeFor,
    commit,
    chooseStore,
    pickUpInstead: () => {
      dispatch(serviceModeSelected('TakeAway'));
      void navigate(settings.multiVendor ? PATHS.discoverVendor : PATHS.placeOrder);
    },
    conflict: conflictWith !== null,
    continueSession: () => {
      setConflictWith(null);
      void navigate(PATHS.placeOrder);
    },
    startNew: () => {
      const chosen = conflictWith;
      setConflictWith(null);
      if (!chosen) return;
      dispatch(startNewSession(chosen.vendor.id, chosen.vendor));
      commit(chosen.pickedTime);
    },
  };
}
