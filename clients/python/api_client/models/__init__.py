"""Contains all the data models used in inputs/outputs"""

from .acs_form import AcsForm
from .admin_client import AdminClient
from .admin_client_change import AdminClientChange
from .admin_client_change_status import AdminClientChangeStatus
from .admin_client_data import AdminClientData
from .admin_client_page import AdminClientPage
from .admin_session import AdminSession
from .admin_session_page import AdminSessionPage
from .admin_user import AdminUser
from .admin_user_data import AdminUserData
from .admin_user_detail import AdminUserDetail
from .admin_user_detail_data import AdminUserDetailData
from .admin_user_detail_role import AdminUserDetailRole
from .admin_user_page import AdminUserPage
from .admin_user_role import AdminUserRole
from .admin_user_update import AdminUserUpdate
from .admin_user_update_role import AdminUserUpdateRole
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_created import ApiKeyCreated
from .api_key_page import ApiKeyPage
from .app import App
from .app_answer import AppAnswer
from .app_change import AppChange
from .app_change_id_token_alg import AppChangeIdTokenAlg
from .app_create import AppCreate
from .app_create_id_token_alg import AppCreateIdTokenAlg
from .app_create_type import AppCreateType
from .app_page import AppPage
from .app_secret_answer import AppSecretAnswer
from .article import Article
from .article_change import ArticleChange
from .article_change_status import ArticleChangeStatus
from .article_create import ArticleCreate
from .article_create_status import ArticleCreateStatus
from .article_data import ArticleData
from .article_page import ArticlePage
from .article_stats_counts import ArticleStatsCounts
from .article_status import ArticleStatus
from .audit_entry import AuditEntry
from .audit_entry_details import AuditEntryDetails
from .audit_entry_page import AuditEntryPage
from .audit_head import AuditHead
from .audit_head_data import AuditHeadData
from .auth_error import AuthError
from .auth_error_details import AuthErrorDetails
from .auth_result import AuthResult
from .authorization_request import AuthorizationRequest
from .authorization_request_answer import AuthorizationRequestAnswer
from .ban import Ban
from .certificate import Certificate
from .change_email import ChangeEmail
from .change_password import ChangePassword
from .client_ref import ClientRef
from .code import Code
from .comment import Comment
from .comment_create import CommentCreate
from .comment_data import CommentData
from .comment_page import CommentPage
from .complete_o_auth_provider import CompleteOAuthProvider
from .connected_app import ConnectedApp
from .connected_app_page import ConnectedAppPage
from .connected_client import ConnectedClient
from .connection import Connection
from .connection_create import ConnectionCreate
from .connection_create_type import ConnectionCreateType
from .connection_data import ConnectionData
from .connection_page import ConnectionPage
from .connection_status import ConnectionStatus
from .connection_type import ConnectionType
from .connection_update import ConnectionUpdate
from .connection_update_status import ConnectionUpdateStatus
from .create_scim_group_json_body import CreateScimGroupJsonBody
from .create_scim_user_json_body import CreateScimUserJsonBody
from .current_session import CurrentSession
from .current_session_info import CurrentSessionInfo
from .decision import Decision
from .decision_answer import DecisionAnswer
from .decision_decision import DecisionDecision
from .delete_account import DeleteAccount
from .device_code import DeviceCode
from .disable_two_factor import DisableTwoFactor
from .distribution import Distribution
from .domain import Domain
from .domain_create import DomainCreate
from .domain_data import DomainData
from .domain_page import DomainPage
from .domain_status import DomainStatus
from .email import Email
from .error import Error
from .error_details import ErrorDetails
from .festival import Festival
from .festival_change import FestivalChange
from .festival_change_status import FestivalChangeStatus
from .festival_create import FestivalCreate
from .festival_create_status import FestivalCreateStatus
from .festival_data import FestivalData
from .festival_page import FestivalPage
from .festival_phase import FestivalPhase
from .festival_ref import FestivalRef
from .festival_stats_counts import FestivalStatsCounts
from .festival_status import FestivalStatus
from .forgot_password import ForgotPassword
from .get_authorization_server_metadata_response_200 import (
    GetAuthorizationServerMetadataResponse200,
)
from .get_open_id_configuration_response_200 import GetOpenIdConfigurationResponse200
from .get_protected_resource_metadata_response_200 import GetProtectedResourceMetadataResponse200
from .health import Health
from .hit import Hit
from .hit_page import HitPage
from .hit_type import HitType
from .idp_initiated import IdpInitiated
from .idp_initiated_update import IdpInitiatedUpdate
from .impersonation import Impersonation
from .impersonation_data import ImpersonationData
from .impersonator import Impersonator
from .invitation import Invitation
from .invitation_create import InvitationCreate
from .invitation_create_role import InvitationCreateRole
from .invitation_data import InvitationData
from .invitation_page import InvitationPage
from .ledger_payment import LedgerPayment
from .ledger_payment_page import LedgerPaymentPage
from .ledger_refund import LedgerRefund
from .ledger_refund_page import LedgerRefundPage
from .ledger_subscription import LedgerSubscription
from .ledger_subscription_page import LedgerSubscriptionPage
from .list_admin_o_auth_clients_kind import ListAdminOAuthClientsKind
from .list_admin_o_auth_clients_order import ListAdminOAuthClientsOrder
from .list_admin_o_auth_clients_sort import ListAdminOAuthClientsSort
from .list_admin_o_auth_clients_status import ListAdminOAuthClientsStatus
from .list_admin_projects_order import ListAdminProjectsOrder
from .list_admin_projects_sort import ListAdminProjectsSort
from .list_admin_users_order import ListAdminUsersOrder
from .list_admin_users_role import ListAdminUsersRole
from .list_admin_users_sort import ListAdminUsersSort
from .list_api_keys_order import ListApiKeysOrder
from .list_api_keys_sort import ListApiKeysSort
from .list_articles_order import ListArticlesOrder
from .list_articles_sort import ListArticlesSort
from .list_articles_status import ListArticlesStatus
from .list_audit_log_order import ListAuditLogOrder
from .list_audit_log_sort import ListAuditLogSort
from .list_connected_apps_order import ListConnectedAppsOrder
from .list_connected_apps_sort import ListConnectedAppsSort
from .list_festival_registrations_order import ListFestivalRegistrationsOrder
from .list_festival_registrations_sort import ListFestivalRegistrationsSort
from .list_festival_registrations_status import ListFestivalRegistrationsStatus
from .list_festivals_order import ListFestivalsOrder
from .list_festivals_phase import ListFestivalsPhase
from .list_festivals_sort import ListFestivalsSort
from .list_festivals_status import ListFestivalsStatus
from .list_my_invitations_order import ListMyInvitationsOrder
from .list_my_invitations_sort import ListMyInvitationsSort
from .list_o_auth_apps_order import ListOAuthAppsOrder
from .list_o_auth_apps_sort import ListOAuthAppsSort
from .list_own_registrations_order import ListOwnRegistrationsOrder
from .list_own_registrations_sort import ListOwnRegistrationsSort
from .list_own_registrations_status import ListOwnRegistrationsStatus
from .list_payments_order import ListPaymentsOrder
from .list_payments_sort import ListPaymentsSort
from .list_project_audit_log_order import ListProjectAuditLogOrder
from .list_project_audit_log_sort import ListProjectAuditLogSort
from .list_project_domains_order import ListProjectDomainsOrder
from .list_project_domains_sort import ListProjectDomainsSort
from .list_project_domains_status import ListProjectDomainsStatus
from .list_project_invitations_order import ListProjectInvitationsOrder
from .list_project_invitations_sort import ListProjectInvitationsSort
from .list_project_invitations_status import ListProjectInvitationsStatus
from .list_project_members_order import ListProjectMembersOrder
from .list_project_members_role import ListProjectMembersRole
from .list_project_members_sort import ListProjectMembersSort
from .list_projects_order import ListProjectsOrder
from .list_projects_role import ListProjectsRole
from .list_projects_sort import ListProjectsSort
from .list_refunds_order import ListRefundsOrder
from .list_refunds_sort import ListRefundsSort
from .list_reviews_order import ListReviewsOrder
from .list_reviews_sort import ListReviewsSort
from .list_reviews_status import ListReviewsStatus
from .list_scim_tokens_order import ListScimTokensOrder
from .list_scim_tokens_sort import ListScimTokensSort
from .list_security_events_order import ListSecurityEventsOrder
from .list_security_events_sort import ListSecurityEventsSort
from .list_security_events_type import ListSecurityEventsType
from .list_sso_connections_order import ListSsoConnectionsOrder
from .list_sso_connections_sort import ListSsoConnectionsSort
from .list_subscriptions_order import ListSubscriptionsOrder
from .list_subscriptions_sort import ListSubscriptionsSort
from .list_ticket_comments_order import ListTicketCommentsOrder
from .list_ticket_comments_sort import ListTicketCommentsSort
from .list_tickets_order import ListTicketsOrder
from .list_tickets_priority import ListTicketsPriority
from .list_tickets_sort import ListTicketsSort
from .list_tickets_status import ListTicketsStatus
from .list_user_security_events_order import ListUserSecurityEventsOrder
from .list_user_security_events_sort import ListUserSecurityEventsSort
from .list_user_security_events_type import ListUserSecurityEventsType
from .list_user_sessions_order import ListUserSessionsOrder
from .list_user_sessions_sort import ListUserSessionsSort
from .list_webhook_events_order import ListWebhookEventsOrder
from .list_webhook_events_sort import ListWebhookEventsSort
from .magic_link import MagicLink
from .magic_link_verify import MagicLinkVerify
from .member import Member
from .member_data import MemberData
from .member_page import MemberPage
from .member_role import MemberRole
from .member_role_role import MemberRoleRole
from .message import Message
from .meta import Meta
from .moderation import Moderation
from .moderation_status import ModerationStatus
from .my_invitation import MyInvitation
from .my_invitation_page import MyInvitationPage
from .new_passkey import NewPasskey
from .o_auth_token import OAuthToken
from .o_auth_token_info import OAuthTokenInfo
from .oauth_2_delete_registration_response_401 import Oauth2DeleteRegistrationResponse401
from .oauth_2_delete_registration_response_404 import Oauth2DeleteRegistrationResponse404
from .oauth_2_device_authorization_body import Oauth2DeviceAuthorizationBody
from .oauth_2_device_authorization_response_200 import Oauth2DeviceAuthorizationResponse200
from .oauth_2_device_authorization_response_400 import Oauth2DeviceAuthorizationResponse400
from .oauth_2_device_authorization_response_401 import Oauth2DeviceAuthorizationResponse401
from .oauth_2_device_authorization_response_429 import Oauth2DeviceAuthorizationResponse429
from .oauth_2_introspect_body import Oauth2IntrospectBody
from .oauth_2_introspect_response_200 import Oauth2IntrospectResponse200
from .oauth_2_introspect_response_400 import Oauth2IntrospectResponse400
from .oauth_2_introspect_response_401 import Oauth2IntrospectResponse401
from .oauth_2_introspect_response_429 import Oauth2IntrospectResponse429
from .oauth_2_jwks_response_200 import Oauth2JwksResponse200
from .oauth_2_jwks_response_429 import Oauth2JwksResponse429
from .oauth_2_read_registration_response_200 import Oauth2ReadRegistrationResponse200
from .oauth_2_read_registration_response_401 import Oauth2ReadRegistrationResponse401
from .oauth_2_read_registration_response_404 import Oauth2ReadRegistrationResponse404
from .oauth_2_register_body import Oauth2RegisterBody
from .oauth_2_register_response_201 import Oauth2RegisterResponse201
from .oauth_2_register_response_400 import Oauth2RegisterResponse400
from .oauth_2_register_response_404 import Oauth2RegisterResponse404
from .oauth_2_register_response_429 import Oauth2RegisterResponse429
from .oauth_2_revoke_body import Oauth2RevokeBody
from .oauth_2_revoke_response_200 import Oauth2RevokeResponse200
from .oauth_2_revoke_response_400 import Oauth2RevokeResponse400
from .oauth_2_revoke_response_401 import Oauth2RevokeResponse401
from .oauth_2_revoke_response_429 import Oauth2RevokeResponse429
from .oauth_2_token_body import Oauth2TokenBody
from .oauth_2_token_response_200 import Oauth2TokenResponse200
from .oauth_2_token_response_400 import Oauth2TokenResponse400
from .oauth_2_token_response_401 import Oauth2TokenResponse401
from .oauth_2_token_response_429 import Oauth2TokenResponse429
from .oauth_2_update_registration_body import Oauth2UpdateRegistrationBody
from .oauth_2_update_registration_response_200 import Oauth2UpdateRegistrationResponse200
from .oauth_2_update_registration_response_400 import Oauth2UpdateRegistrationResponse400
from .oauth_2_update_registration_response_401 import Oauth2UpdateRegistrationResponse401
from .oauth_2_update_registration_response_404 import Oauth2UpdateRegistrationResponse404
from .oauth_2_user_info_by_post_body import Oauth2UserInfoByPostBody
from .oauth_2_user_info_by_post_response_200 import Oauth2UserInfoByPostResponse200
from .oauth_2_user_info_response_200 import Oauth2UserInfoResponse200
from .oidc_settings import OidcSettings
from .own_registration import OwnRegistration
from .own_registration_page import OwnRegistrationPage
from .own_registration_status import OwnRegistrationStatus
from .pagination_metadata import PaginationMetadata
from .passkey import Passkey
from .passkey_created import PasskeyCreated
from .passkey_list import PasskeyList
from .passkey_register import PasskeyRegister
from .passkey_register_credential import PasskeyRegisterCredential
from .passkey_register_step import PasskeyRegisterStep
from .passkey_register_step_options import PasskeyRegisterStepOptions
from .passkey_sign_in import PasskeySignIn
from .passkey_sign_in_credential import PasskeySignInCredential
from .passkey_sign_in_step import PasskeySignInStep
from .passkey_sign_in_step_options import PasskeySignInStepOptions
from .patch_scim_group_json_body import PatchScimGroupJsonBody
from .patch_scim_user_json_body import PatchScimUserJsonBody
from .payment_event import PaymentEvent
from .payment_event_data import PaymentEventData
from .payment_event_data_object import PaymentEventDataObject
from .payment_event_object import PaymentEventObject
from .payment_total import PaymentTotal
from .profile import Profile
from .project import Project
from .project_audit_head import ProjectAuditHead
from .project_audit_head_data import ProjectAuditHeadData
from .project_create import ProjectCreate
from .project_data import ProjectData
from .project_page import ProjectPage
from .project_ref import ProjectRef
from .project_stats_counts import ProjectStatsCounts
from .project_update import ProjectUpdate
from .proof import Proof
from .rating import Rating
from .received import Received
from .registration import Registration
from .registration_counts import RegistrationCounts
from .registration_data import RegistrationData
from .registration_page import RegistrationPage
from .registration_status import RegistrationStatus
from .replace_scim_group_json_body import ReplaceScimGroupJsonBody
from .replace_scim_user_json_body import ReplaceScimUserJsonBody
from .reset_password import ResetPassword
from .review import Review
from .review_change import ReviewChange
from .review_create import ReviewCreate
from .review_data import ReviewData
from .review_page import ReviewPage
from .review_stats_counts import ReviewStatsCounts
from .review_status import ReviewStatus
from .saml_settings import SamlSettings
from .scim_error import ScimError
from .scim_list import ScimList
from .scim_resource import ScimResource
from .scim_token import ScimToken
from .scim_token_create import ScimTokenCreate
from .scim_token_created import ScimTokenCreated
from .scim_token_page import ScimTokenPage
from .scope import Scope
from .search_scim_groups_json_body import SearchScimGroupsJsonBody
from .search_scim_resources_json_body import SearchScimResourcesJsonBody
from .search_scim_users_json_body import SearchScimUsersJsonBody
from .search_type import SearchType
from .security_event import SecurityEvent
from .security_event_details import SecurityEventDetails
from .security_event_page import SecurityEventPage
from .security_event_type import SecurityEventType
from .session import Session
from .session_info import SessionInfo
from .session_list import SessionList
from .session_stats_counts import SessionStatsCounts
from .sign_in import SignIn
from .sign_up import SignUp
from .sso_origin import SsoOrigin
from .sso_token import SsoToken
from .start_o_auth_provider import StartOAuthProvider
from .stats import Stats
from .stats_data import StatsData
from .stats_subscriptions import StatsSubscriptions
from .success import Success
from .ticket import Ticket
from .ticket_create import TicketCreate
from .ticket_create_priority import TicketCreatePriority
from .ticket_data import TicketData
from .ticket_page import TicketPage
from .ticket_priority import TicketPriority
from .ticket_stats_counts import TicketStatsCounts
from .ticket_status import TicketStatus
from .ticket_update import TicketUpdate
from .ticket_update_priority import TicketUpdatePriority
from .ticket_update_status import TicketUpdateStatus
from .token import Token
from .transfer import Transfer
from .two_factor_enabled import TwoFactorEnabled
from .two_factor_setup import TwoFactorSetup
from .user import User
from .user_counts import UserCounts
from .user_ref import UserRef
from .user_result import UserResult
from .user_stats_counts import UserStatsCounts
from .verification import Verification
from .verification_type import VerificationType
from .verified_user import VerifiedUser
from .webhook_event import WebhookEvent
from .webhook_event_page import WebhookEventPage

__all__ = (
    "AcsForm",
    "AdminClient",
    "AdminClientChange",
    "AdminClientChangeStatus",
    "AdminClientData",
    "AdminClientPage",
    "AdminSession",
    "AdminSessionPage",
    "AdminUser",
    "AdminUserData",
    "AdminUserDetail",
    "AdminUserDetailData",
    "AdminUserDetailRole",
    "AdminUserPage",
    "AdminUserRole",
    "AdminUserUpdate",
    "AdminUserUpdateRole",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyCreated",
    "ApiKeyPage",
    "App",
    "AppAnswer",
    "AppChange",
    "AppChangeIdTokenAlg",
    "AppCreate",
    "AppCreateIdTokenAlg",
    "AppCreateType",
    "AppPage",
    "AppSecretAnswer",
    "Article",
    "ArticleChange",
    "ArticleChangeStatus",
    "ArticleCreate",
    "ArticleCreateStatus",
    "ArticleData",
    "ArticlePage",
    "ArticleStatsCounts",
    "ArticleStatus",
    "AuditEntry",
    "AuditEntryDetails",
    "AuditEntryPage",
    "AuditHead",
    "AuditHeadData",
    "AuthError",
    "AuthErrorDetails",
    "AuthorizationRequest",
    "AuthorizationRequestAnswer",
    "AuthResult",
    "Ban",
    "Certificate",
    "ChangeEmail",
    "ChangePassword",
    "ClientRef",
    "Code",
    "Comment",
    "CommentCreate",
    "CommentData",
    "CommentPage",
    "CompleteOAuthProvider",
    "ConnectedApp",
    "ConnectedAppPage",
    "ConnectedClient",
    "Connection",
    "ConnectionCreate",
    "ConnectionCreateType",
    "ConnectionData",
    "ConnectionPage",
    "ConnectionStatus",
    "ConnectionType",
    "ConnectionUpdate",
    "ConnectionUpdateStatus",
    "CreateScimGroupJsonBody",
    "CreateScimUserJsonBody",
    "CurrentSession",
    "CurrentSessionInfo",
    "Decision",
    "DecisionAnswer",
    "DecisionDecision",
    "DeleteAccount",
    "DeviceCode",
    "DisableTwoFactor",
    "Distribution",
    "Domain",
    "DomainCreate",
    "DomainData",
    "DomainPage",
    "DomainStatus",
    "Email",
    "Error",
    "ErrorDetails",
    "Festival",
    "FestivalChange",
    "FestivalChangeStatus",
    "FestivalCreate",
    "FestivalCreateStatus",
    "FestivalData",
    "FestivalPage",
    "FestivalPhase",
    "FestivalRef",
    "FestivalStatsCounts",
    "FestivalStatus",
    "ForgotPassword",
    "GetAuthorizationServerMetadataResponse200",
    "GetOpenIdConfigurationResponse200",
    "GetProtectedResourceMetadataResponse200",
    "Health",
    "Hit",
    "HitPage",
    "HitType",
    "IdpInitiated",
    "IdpInitiatedUpdate",
    "Impersonation",
    "ImpersonationData",
    "Impersonator",
    "Invitation",
    "InvitationCreate",
    "InvitationCreateRole",
    "InvitationData",
    "InvitationPage",
    "LedgerPayment",
    "LedgerPaymentPage",
    "LedgerRefund",
    "LedgerRefundPage",
    "LedgerSubscription",
    "LedgerSubscriptionPage",
    "ListAdminOAuthClientsKind",
    "ListAdminOAuthClientsOrder",
    "ListAdminOAuthClientsSort",
    "ListAdminOAuthClientsStatus",
    "ListAdminProjectsOrder",
    "ListAdminProjectsSort",
    "ListAdminUsersOrder",
    "ListAdminUsersRole",
    "ListAdminUsersSort",
    "ListApiKeysOrder",
    "ListApiKeysSort",
    "ListArticlesOrder",
    "ListArticlesSort",
    "ListArticlesStatus",
    "ListAuditLogOrder",
    "ListAuditLogSort",
    "ListConnectedAppsOrder",
    "ListConnectedAppsSort",
    "ListFestivalRegistrationsOrder",
    "ListFestivalRegistrationsSort",
    "ListFestivalRegistrationsStatus",
    "ListFestivalsOrder",
    "ListFestivalsPhase",
    "ListFestivalsSort",
    "ListFestivalsStatus",
    "ListMyInvitationsOrder",
    "ListMyInvitationsSort",
    "ListOAuthAppsOrder",
    "ListOAuthAppsSort",
    "ListOwnRegistrationsOrder",
    "ListOwnRegistrationsSort",
    "ListOwnRegistrationsStatus",
    "ListPaymentsOrder",
    "ListPaymentsSort",
    "ListProjectAuditLogOrder",
    "ListProjectAuditLogSort",
    "ListProjectDomainsOrder",
    "ListProjectDomainsSort",
    "ListProjectDomainsStatus",
    "ListProjectInvitationsOrder",
    "ListProjectInvitationsSort",
    "ListProjectInvitationsStatus",
    "ListProjectMembersOrder",
    "ListProjectMembersRole",
    "ListProjectMembersSort",
    "ListProjectsOrder",
    "ListProjectsRole",
    "ListProjectsSort",
    "ListRefundsOrder",
    "ListRefundsSort",
    "ListReviewsOrder",
    "ListReviewsSort",
    "ListReviewsStatus",
    "ListScimTokensOrder",
    "ListScimTokensSort",
    "ListSecurityEventsOrder",
    "ListSecurityEventsSort",
    "ListSecurityEventsType",
    "ListSsoConnectionsOrder",
    "ListSsoConnectionsSort",
    "ListSubscriptionsOrder",
    "ListSubscriptionsSort",
    "ListTicketCommentsOrder",
    "ListTicketCommentsSort",
    "ListTicketsOrder",
    "ListTicketsPriority",
    "ListTicketsSort",
    "ListTicketsStatus",
    "ListUserSecurityEventsOrder",
    "ListUserSecurityEventsSort",
    "ListUserSecurityEventsType",
    "ListUserSessionsOrder",
    "ListUserSessionsSort",
    "ListWebhookEventsOrder",
    "ListWebhookEventsSort",
    "MagicLink",
    "MagicLinkVerify",
    "Member",
    "MemberData",
    "MemberPage",
    "MemberRole",
    "MemberRoleRole",
    "Message",
    "Meta",
    "Moderation",
    "ModerationStatus",
    "MyInvitation",
    "MyInvitationPage",
    "NewPasskey",
    "Oauth2DeleteRegistrationResponse401",
    "Oauth2DeleteRegistrationResponse404",
    "Oauth2DeviceAuthorizationBody",
    "Oauth2DeviceAuthorizationResponse200",
    "Oauth2DeviceAuthorizationResponse400",
    "Oauth2DeviceAuthorizationResponse401",
    "Oauth2DeviceAuthorizationResponse429",
    "Oauth2IntrospectBody",
    "Oauth2IntrospectResponse200",
    "Oauth2IntrospectResponse400",
    "Oauth2IntrospectResponse401",
    "Oauth2IntrospectResponse429",
    "Oauth2JwksResponse200",
    "Oauth2JwksResponse429",
    "Oauth2ReadRegistrationResponse200",
    "Oauth2ReadRegistrationResponse401",
    "Oauth2ReadRegistrationResponse404",
    "Oauth2RegisterBody",
    "Oauth2RegisterResponse201",
    "Oauth2RegisterResponse400",
    "Oauth2RegisterResponse404",
    "Oauth2RegisterResponse429",
    "Oauth2RevokeBody",
    "Oauth2RevokeResponse200",
    "Oauth2RevokeResponse400",
    "Oauth2RevokeResponse401",
    "Oauth2RevokeResponse429",
    "Oauth2TokenBody",
    "Oauth2TokenResponse200",
    "Oauth2TokenResponse400",
    "Oauth2TokenResponse401",
    "Oauth2TokenResponse429",
    "Oauth2UpdateRegistrationBody",
    "Oauth2UpdateRegistrationResponse200",
    "Oauth2UpdateRegistrationResponse400",
    "Oauth2UpdateRegistrationResponse401",
    "Oauth2UpdateRegistrationResponse404",
    "Oauth2UserInfoByPostBody",
    "Oauth2UserInfoByPostResponse200",
    "Oauth2UserInfoResponse200",
    "OAuthToken",
    "OAuthTokenInfo",
    "OidcSettings",
    "OwnRegistration",
    "OwnRegistrationPage",
    "OwnRegistrationStatus",
    "PaginationMetadata",
    "Passkey",
    "PasskeyCreated",
    "PasskeyList",
    "PasskeyRegister",
    "PasskeyRegisterCredential",
    "PasskeyRegisterStep",
    "PasskeyRegisterStepOptions",
    "PasskeySignIn",
    "PasskeySignInCredential",
    "PasskeySignInStep",
    "PasskeySignInStepOptions",
    "PatchScimGroupJsonBody",
    "PatchScimUserJsonBody",
    "PaymentEvent",
    "PaymentEventData",
    "PaymentEventDataObject",
    "PaymentEventObject",
    "PaymentTotal",
    "Profile",
    "Project",
    "ProjectAuditHead",
    "ProjectAuditHeadData",
    "ProjectCreate",
    "ProjectData",
    "ProjectPage",
    "ProjectRef",
    "ProjectStatsCounts",
    "ProjectUpdate",
    "Proof",
    "Rating",
    "Received",
    "Registration",
    "RegistrationCounts",
    "RegistrationData",
    "RegistrationPage",
    "RegistrationStatus",
    "ReplaceScimGroupJsonBody",
    "ReplaceScimUserJsonBody",
    "ResetPassword",
    "Review",
    "ReviewChange",
    "ReviewCreate",
    "ReviewData",
    "ReviewPage",
    "ReviewStatsCounts",
    "ReviewStatus",
    "SamlSettings",
    "ScimError",
    "ScimList",
    "ScimResource",
    "ScimToken",
    "ScimTokenCreate",
    "ScimTokenCreated",
    "ScimTokenPage",
    "Scope",
    "SearchScimGroupsJsonBody",
    "SearchScimResourcesJsonBody",
    "SearchScimUsersJsonBody",
    "SearchType",
    "SecurityEvent",
    "SecurityEventDetails",
    "SecurityEventPage",
    "SecurityEventType",
    "Session",
    "SessionInfo",
    "SessionList",
    "SessionStatsCounts",
    "SignIn",
    "SignUp",
    "SsoOrigin",
    "SsoToken",
    "StartOAuthProvider",
    "Stats",
    "StatsData",
    "StatsSubscriptions",
    "Success",
    "Ticket",
    "TicketCreate",
    "TicketCreatePriority",
    "TicketData",
    "TicketPage",
    "TicketPriority",
    "TicketStatsCounts",
    "TicketStatus",
    "TicketUpdate",
    "TicketUpdatePriority",
    "TicketUpdateStatus",
    "Token",
    "Transfer",
    "TwoFactorEnabled",
    "TwoFactorSetup",
    "User",
    "UserCounts",
    "UserRef",
    "UserResult",
    "UserStatsCounts",
    "Verification",
    "VerificationType",
    "VerifiedUser",
    "WebhookEvent",
    "WebhookEventPage",
)
