import { useCallback, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useVehicleDocuments } from '../../api/fleet';
import type { FuelCard, Vehicle } from '../../api/fleetTypes';
import { Icon } from '../../components/icons';
import type { FlashApi } from '../../components/useFlash';
import { AddFuelCardDialog, UploadDocumentDialog } from './DocumentDialogs';
import { DocumentCard, DocumentsPanel } from './DocumentsPanel';
import { FuelCardStack } from './FuelCardStack';
import { useDocumentFiles } from './useDocumentUpload';
import { errorMessage } from './useFleetActions';
import { usePinReveal } from './usePinReveal';

/** §2: the overview shows the latest 3 documents. */
export const LATEST_DOCUMENTS = 3;

type DetailTab = 'overview' | 'fuelCards' | 'documents';

export interface DocumentsOverviewProps {
  vehicles: readonly Vehicle[];
  /** Every fuel card; each vehicle shows its own. */
  fuelCards: readonly FuelCard[];
  fuelCardsLoading: boolean;
  loading: boolean;
  canWrite: boolean;
  canRevealPin: boolean;
  flash: FlashApi;
  onGoToVehicles(): void;
  /** Opening or leaving a vehicle's detail. */
  onNavigate(): void;
}

/** 'Mercedes-Benz Actros 1845 (2021)' or 'Fahrzeugdaten nicht verfügbar'. */
function vehicleDataText(vehicle: Vehicle): string {
  const name = [vehicle.brand, vehicle.model].filter(Boolean).join(' ') || vehicle.make_model;
  if (!name) return messages.fleet.vehicleDataUnavailable;
  return vehicle.year ? `${name} (${vehicle.year})` : name;
}

function VehicleDocumentsDetail({
  vehicle,
  fuelCards,
  fuelCardsLoading,
  canWrite,
  canRevealPin,
  flash,
  onBack,
}: {
  vehicle: Vehicle;
  fuelCards: readonly FuelCard[];
  fuelCardsLoading: boolean;
  canWrite: boolean;
  canRevealPin: boolean;
  flash: FlashApi;
  onBack(): void;
}) {
  const text = messages.fleetScreen;
  const [tab, setTab] = useState<DetailTab>('overview');
  const [dialog, setDialog] = useState<'addCard' | 'upload' | null>(null);
  const documents = useVehicleDocuments(vehicle.id);
  const files = useDocumentFiles(vehicle.id, flash);
  const onPinError = useCallback((error: unknown) => flash.error(errorMessage(error)), [flash]);
  const reveal = usePinReveal(onPinError);
  const list = documents.data ?? [];
  const latest = [...list].sort((a, b) => (b.uploadDate ?? '').localeCompare(a.uploadDate ?? '')).slice(0, LATEST_DOCUMENTS);
  const tabs: { key: DetailTab; label: string; count?: number }[] = [
    { key: 'overview', label: messages.fleet.overview },
    { key: 'fuelCards', label: messages.fleet.tabs.fuelCards, ...(fuelCardsLoading ? {} : { count: fuelCards.length }) },
    { key: 'documents', label: messages.fleet.tabs.documents, ...(documents.data ? { count: documents.data.length } : {}) },
  ];

  return (
    <section className="panel fleet-vehicle-docs" aria-label={text.documentsOf(vehicle.license_plate)}>
      <header className="fleet-vehicle-docs__header">
        <button type="button" className="button button--small" onClick={onBack}>
          <Icon name="back" size={14} />
          {text.back}
        </button>
        <div className="fleet-vehicle-docs__title">
          <span className="fleet-plate">{vehicle.license_plate}</span>
          <span className="fleet-muted">{vehicleDataText(vehicle)}</span>
        </div>
      </header>
      <div className="fleet-tabs fleet-tabs--inner" role="tablist" aria-label={text.documentsOf(vehicle.license_plate)}>
        {tabs.map((entry) => (
          <button
            key={entry.key}
            type="button"
            role="tab"
            aria-selected={tab === entry.key}
            className={`fleet-tab${tab === entry.key ? ' fleet-tab--active' : ''}`}
            onClick={() => setTab(entry.key)}
          >
            {entry.label}
            {entry.count !== undefined && <span className="fleet-count">{entry.count}</span>}
          </button>
        ))}
      </div>
      <div className="fleet-vehicle-docs__body" role="tabpanel">
        {documents.isError && (
          <div className="alert alert--error" role="alert">
            <strong className="flash__title">{messages.fleet.error}</strong>
            {documents.error.message}
          </div>
        )}
        {tab === 'overview' && (
          <div className="fleet-docs-overview">
            <section className="fleet-docs-overview__section">
              <h4 className="fleet-doc-group__title">{text.latestDocuments}</h4>
              {documents.isPending && <p className="placeholder-text">{messages.fleet.loadingDocuments}</p>}
              {!documents.isPending && latest.length === 0 && <p className="placeholder-text">{text.noDocuments}</p>}
              <div className="fleet-doc-grid">
                {latest.map((document) => (
                  <DocumentCard key={document.id} document={document} files={files} canWrite={false} onDelete={() => undefined} />
                ))}
              </div>
            </section>
            {canWrite && (
              <div className="fleet-docs-overview__actions">
                <button type="button" className="button" onClick={() => setDialog('addCard')}>
                  <Icon name="creditCard" size={16} />
                  {messages.fleet.addFuelCard}
                </button>
                <button type="button" className="button" onClick={() => setDialog('upload')}>
                  <Icon name="upload" size={16} />
                  {messages.fleet.uploadDocument}
                </button>
              </div>
            )}
          </div>
        )}
        {tab === 'fuelCards' && fuelCardsLoading && <p className="placeholder-text">{text.loadingList}</p>}
        {tab === 'fuelCards' && !fuelCardsLoading && (
          <FuelCardStack
            cards={fuelCards}
            canWrite={canWrite}
            canRevealPin={canRevealPin}
            reveal={reveal}
            flash={flash}
            onAdd={() => setDialog('addCard')}
          />
        )}
        {tab === 'documents' && <DocumentsPanel documents={list} loading={documents.isPending} files={files} canWrite={canWrite} />}
      </div>
      {dialog === 'addCard' && <AddFuelCardDialog vehicle={vehicle} flash={flash} onClose={() => setDialog(null)} />}
      {dialog === 'upload' && <UploadDocumentDialog files={files} onClose={() => setDialog(null)} />}
    </section>
  );
}

/**
 * §2 vehicle documents overview: the vehicles with plate, brand, model and year and their fuel card
 * and document counters; a click opens the vehicle's detail (Übersicht, Tankkarten, Dokumente).
 */
export function DocumentsOverview({
  vehicles,
  fuelCards,
  fuelCardsLoading,
  loading,
  canWrite,
  canRevealPin,
  flash,
  onGoToVehicles,
  onNavigate,
}: DocumentsOverviewProps) {
  const text = messages.fleetScreen;
  const [openId, setOpenVehicle] = useState<string | null>(null);
  const setOpenId = (id: string | null) => {
    onNavigate();
    setOpenVehicle(id);
  };
  const open = vehicles.find((vehicle) => vehicle.id === openId) ?? null;

  if (loading) return <p className="panel notice">{messages.fleet.loadingDocuments}</p>;

  if (open) {
    return (
      <VehicleDocumentsDetail
        vehicle={open}
        fuelCards={fuelCards.filter((card) => card.assigned_vehicle_id === open.id)}
        fuelCardsLoading={fuelCardsLoading}
        canWrite={canWrite}
        canRevealPin={canRevealPin}
        flash={flash}
        onBack={() => setOpenId(null)}
      />
    );
  }

  if (vehicles.length === 0) {
    return (
      <div className="panel fleet-empty">
        <p className="fleet-empty__title">{messages.fleet.noVehicles}</p>
        <p className="fleet-muted">
          {text.createVehiclesFirst}{' '}
          <button type="button" className="link-button" onClick={onGoToVehicles}>
            {messages.fleet.tabs.vehicles}
          </button>
        </p>
      </div>
    );
  }

  return (
    <ul className="fleet-doc-vehicles">
      {vehicles.map((vehicle) => {
        const cards = fuelCards.filter((card) => card.assigned_vehicle_id === vehicle.id).length;
        return (
          <li key={vehicle.id}>
            <button
              type="button"
              className="panel fleet-doc-vehicle"
              onClick={() => setOpenId(vehicle.id)}
              aria-label={text.openDocumentsOf(vehicle.license_plate)}
            >
              <span className="fleet-doc-vehicle__icon" aria-hidden="true">
                <Icon name="truck" size={22} />
              </span>
              <span className="fleet-doc-vehicle__main">
                <span className="fleet-plate">{vehicle.license_plate}</span>
                <span className="fleet-muted">{vehicleDataText(vehicle)}</span>
              </span>
              <span className="fleet-doc-vehicle__counter" title={messages.fleet.tabs.fuelCards}>
                <Icon name="creditCard" size={16} />
                <span>{fuelCardsLoading ? '…' : text.fuelCardCount(cards)}</span>
              </span>
              <span className="fleet-doc-vehicle__counter" title={messages.fleet.tabs.documents}>
                <Icon name="file" size={16} />
                <span>{text.documentCount(vehicle.document_count ?? 0)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
