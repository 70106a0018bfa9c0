{{/* The release's resource name prefix. */}}
{{- define "envhub.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels of every resource; selectorLabels of one component. */}}
{{- define "envhub.labels" -}}
app.kubernetes.io/part-of: envhub
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "envhub.selectorLabels" -}}
app.kubernetes.io/name: {{ .component }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* The image of a component: <registry>/envhub-<component>:<tag>; "latest" and an empty tag are refused. */}}
{{- define "envhub.image" -}}
{{- $tag := default .root.Chart.AppVersion .root.Values.image.tag | toString -}}
{{- if or (eq $tag "latest") (eq $tag "") -}}
{{- fail "image.tag must name a version (\"latest\" is refused: pods of one release must run the same build)" -}}
{{- end -}}
{{- printf "%s/envhub-%s:%s" .root.Values.image.registry .component $tag -}}
{{- end -}}

{{/* Service URLs inside the cluster. */}}
{{- define "envhub.backendUrl" -}}
http://{{ include "envhub.fullname" . }}-hub-backend:{{ .Values.hubBackend.port }}
{{- end -}}
{{- define "envhub.bountyUrl" -}}
http://{{ include "envhub.fullname" . }}-bounty-service:{{ .Values.bountyService.port }}
{{- end -}}

{{/* The Secret holding a value: the user's existing Secret, or the chart's. */}}
{{- define "envhub.dbSecret" -}}
{{- default (printf "%s-db" (include "envhub.fullname" .)) .Values.postgresql.existingSecret -}}
{{- end -}}
{{- define "envhub.s3Secret" -}}
{{- default (printf "%s-s3" (include "envhub.fullname" .)) .Values.s3.existingSecret -}}
{{- end -}}
{{- define "envhub.clientSecret" -}}
{{- default (printf "%s-keycloak-clients" (include "envhub.fullname" .)) .Values.keycloak.existingSecret -}}
{{- end -}}

{{- define "envhub.sessionsSecret" -}}
{{- default (printf "%s-sessions" (include "envhub.fullname" .)) .Values.sessions.existingSecret -}}
{{- end -}}

{{- define "envhub.notificationsSecret" -}}
{{- default (printf "%s-notifications" (include "envhub.fullname" .)) .Values.notifications.existingSecret -}}
{{- end -}}

{{/* One env entry read from a Secret key (.optional: the key may be absent). */}}
{{- define "envhub.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/* Environment every service shares: Keycloak, the token issuer, the listening address. */}}
{{- define "envhub.commonEnv" -}}
- name: ENVHUB_KEYCLOAK_URL
  value: {{ .Values.keycloak.url | quote }}
- name: QUARKUS_OIDC_TOKEN_ISSUER
  value: {{ printf "%s/realms/envhub" (default .Values.keycloak.url .Values.keycloak.publicUrl) | quote }}
- name: QUARKUS_HTTP_HOST
  value: "0.0.0.0"
{{- end -}}

{{/* Database environment of hub-backend, bounty-service and the migration Job. */}}
{{- define "envhub.dbEnv" -}}
- name: ENVHUB_DB_URL
  value: {{ .Values.postgresql.url | quote }}
- name: ENVHUB_DB_USER
  value: {{ .Values.postgresql.user | quote }}
{{ include "envhub.secretEnv" (dict "name" "ENVHUB_DB_PASSWORD" "secret" (include "envhub.dbSecret" .) "key" "password") }}
{{- end -}}

{{/* Object store environment of hub-backend and the migration Job. */}}
{{- define "envhub.s3Env" -}}
- name: ENVHUB_S3_ENDPOINT
  value: {{ .Values.s3.endpoint | quote }}
- name: ENVHUB_S3_PUBLIC_ENDPOINT
  value: {{ default .Values.s3.endpoint .Values.s3.publicEndpoint | quote }}
- name: ENVHUB_S3_BUCKET
  value: {{ .Values.s3.bucket | quote }}
{{ include "envhub.secretEnv" (dict "name" "ENVHUB_S3_ACCESS_KEY" "secret" (include "envhub.s3Secret" .) "key" "access-key") }}
{{ include "envhub.secretEnv" (dict "name" "ENVHUB_S3_SECRET_KEY" "secret" (include "envhub.s3Secret" .) "key" "secret-key") }}
{{- end -}}

{{/* Probes on Quarkus' health endpoints (startup: a JVM and Flyway may take a minute). */}}
{{- define "envhub.probes" -}}
startupProbe:
  httpGet: {path: /q/health/started, port: http}
  periodSeconds: 5
  failureThreshold: 60
livenessProbe:
  httpGet: {path: /q/health/live, port: http}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
readinessProbe:
  httpGet: {path: /q/health/ready, port: http}
  periodSeconds: 5
  timeoutSeconds: 3
  failureThreshold: 3
{{- end -}}

{{/* The container security context of the services that run no untrusted code. */}}
{{- define "envhub.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{/* A Service (ClusterIP) for a component. */}}
{{- define "envhub.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "envhub.fullname" .root }}-{{ .component }}
  labels:
    {{- include "envhub.labels" .root | nindent 4 }}
    app.kubernetes.io/name: {{ .component }}
spec:
  type: ClusterIP
  selector:
    {{- include "envhub.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ .port }}
      targetPort: http
      protocol: TCP
{{- end -}}

{{/* A PodDisruptionBudget for a component (.pdb: minAvailable or maxUnavailable). */}}
{{- define "envhub.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "envhub.fullname" .root }}-{{ .component }}
  labels:
    {{- include "envhub.labels" .root | nindent 4 }}
    app.kubernetes.io/name: {{ .component }}
spec:
  {{- if hasKey .pdb "maxUnavailable" }}
  maxUnavailable: {{ .pdb.maxUnavailable }}
  {{- else }}
  minAvailable: {{ .pdb.minAvailable }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "envhub.selectorLabels" . | nindent 6 }}
{{- end -}}

{{/* A HorizontalPodAutoscaler on CPU for a component's Deployment. */}}
{{- define "envhub.hpa" -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "envhub.fullname" .root }}-{{ .component }}
  labels:
    {{- include "envhub.labels" .root | nindent 4 }}
    app.kubernetes.io/name: {{ .component }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "envhub.fullname" .root }}-{{ .component }}
  minReplicas: {{ .autoscaling.minReplicas }}
  maxReplicas: {{ .autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .autoscaling.targetCPUUtilizationPercentage }}
{{- end -}}

{{/* A ConfigMap of a component's plain settings. */}}
{{- define "envhub.configMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "envhub.fullname" .root }}-{{ .component }}
  labels:
    {{- include "envhub.labels" .root | nindent 4 }}
    app.kubernetes.io/name: {{ .component }}
data:
  {{- range $k, $v := .settings }}
  {{ $k }}: {{ $v | toString | quote }}
  {{- end }}
{{- end -}}

{{/*
A Deployment of a service that runs no untrusted code: non-root, read-only root file system with an emptyDir /tmp,
its ConfigMap as environment, the given extra env (.env, rendered YAML), probes, resources.
*/}}
{{- define "envhub.deployment" -}}
{{- $v := .values -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "envhub.fullname" .root }}-{{ .component }}
  labels:
    {{- include "envhub.labels" .root | nindent 4 }}
    app.kubernetes.io/name: {{ .component }}
spec:
  {{- if not (and $v.autoscaling $v.autoscaling.enabled) }}
  replicas: {{ $v.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "envhub.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 0, maxSurge: 1}
  template:
    metadata:
      labels:
        {{- include "envhub.labels" .root | nindent 8 }}
        app.kubernetes.io/name: {{ .component }}
      annotations:
        checksum/config: {{ toJson (list $v.settings .root.Values.maxUploadBytes) | sha256sum }}
    spec:
      {{- with .root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      automountServiceAccountToken: false
      securityContext:
        {{- toYaml .root.Values.podSecurityContext | nindent 8 }}
      containers:
        - name: {{ .component }}
          image: {{ include "envhub.image" . }}
          imagePullPolicy: {{ .root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ $v.port }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "envhub.fullname" .root }}-{{ .component }}
          env:
            - name: QUARKUS_HTTP_PORT
              value: {{ $v.port | quote }}
            - name: JAVA_OPTS
              value: "-XX:MaxRAMPercentage=75 -Djava.io.tmpdir=/tmp"
            {{- include "envhub.commonEnv" .root | nindent 12 }}
            {{- .env | nindent 12 }}
            {{- with $v.extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- include "envhub.probes" . | nindent 10 }}
          resources:
            {{- toYaml $v.resources | nindent 12 }}
          securityContext:
            {{- include "envhub.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            - {name: tmp, mountPath: /tmp}
      volumes:
        - name: tmp
          emptyDir: {sizeLimit: 1Gi}
      {{- with $v.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}
