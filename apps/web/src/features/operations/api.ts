import type {
  HandoverReport,
  InspectionRecorded,
  Mission,
  MissionDetail,
  MissionKind,
  MissionList,
  ReturnRecorded,
  ReturnReport,
} from '@vroum/core/operations';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const missionPath = (bookingId: string, kind: MissionKind) =>
  `/agent/missions/${encodeURIComponent(bookingId)}/${kind}`;

export const myMissionsQuery = () =>
  queryOptions({
    queryKey: ['agent', 'missions'],
    queryFn: ({ signal }) => apiRequest<MissionList>('/agent/missions', { signal }),
    retry: false,
  });

export const missionQuery = (bookingId: string, kind: MissionKind) =>
  queryOptions({
    queryKey: ['agent', 'missions', bookingId, kind],
    queryFn: ({ signal }) => apiRequest<MissionDetail>(missionPath(bookingId, kind), { signal }),
    retry: false,
  });

export const setOff = (bookingId: string, kind: MissionKind) =>
  apiRequest<Mission>(`${missionPath(bookingId, kind)}/progress`, {
    method: 'POST',
    body: { status: 'en_route' },
  });

export const uploadInspectionPhoto = (
  bookingId: string,
  kind: MissionKind,
  photoId: string,
  photo: Blob,
) =>
  apiRequest<void>(`${missionPath(bookingId, kind)}/photos/${photoId}`, {
    method: 'PUT',
    blob: photo,
  });

export const recordHandover = (bookingId: string, report: HandoverReport) =>
  apiRequest<InspectionRecorded>(`/agent/missions/${encodeURIComponent(bookingId)}/handover`, {
    method: 'POST',
    body: report,
  });

export const recordReturn = (bookingId: string, report: ReturnReport) =>
  apiRequest<ReturnRecorded>(`/agent/missions/${encodeURIComponent(bookingId)}/return`, {
    method: 'POST',
    body: report,
  });
