"""Contains all the data models used in inputs/outputs"""

from .auth_error import AuthError
from .auth_error_details import AuthErrorDetails
from .auth_result import AuthResult
from .change_password import ChangePassword
from .code import Code
from .complete_o_auth_provider import CompleteOAuthProvider
from .delete_account import DeleteAccount
from .email import Email
from .error import Error
from .error_details import ErrorDetails
from .forgot_password import ForgotPassword
from .health import Health
from .invitation import Invitation
from .invitation_create import InvitationCreate
from .invitation_data import InvitationData
from .invitation_page import InvitationPage
from .list_my_invitations_order import ListMyInvitationsOrder
from .list_my_invitations_sort import ListMyInvitationsSort
from .list_project_invitations_order import ListProjectInvitationsOrder
from .list_project_invitations_sort import ListProjectInvitationsSort
from .list_project_invitations_status import ListProjectInvitationsStatus
from .list_project_members_order import ListProjectMembersOrder
from .list_project_members_role import ListProjectMembersRole
from .list_project_members_sort import ListProjectMembersSort
from .list_projects_order import ListProjectsOrder
from .list_projects_role import ListProjectsRole
from .list_projects_sort import ListProjectsSort
from .magic_link import MagicLink
from .magic_link_verify import MagicLinkVerify
from .member import Member
from .member_page import MemberPage
from .message import Message
from .meta import Meta
from .my_invitation import MyInvitation
from .my_invitation_page import MyInvitationPage
from .new_passkey import NewPasskey
from .o_auth_token import OAuthToken
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
from .payment_event import PaymentEvent
from .payment_event_data import PaymentEventData
from .payment_event_data_object import PaymentEventDataObject
from .payment_event_object import PaymentEventObject
from .profile import Profile
from .project import Project
from .project_create import ProjectCreate
from .project_data import ProjectData
from .project_page import ProjectPage
from .project_ref import ProjectRef
from .project_update import ProjectUpdate
from .received import Received
from .reset_password import ResetPassword
from .session import Session
from .session_info import SessionInfo
from .session_list import SessionList
from .sign_in import SignIn
from .sign_up import SignUp
from .start_o_auth_provider import StartOAuthProvider
from .success import Success
from .token import Token
from .transfer import Transfer
from .two_factor_enabled import TwoFactorEnabled
from .two_factor_setup import TwoFactorSetup
from .user import User
from .user_ref import UserRef
from .user_result import UserResult
from .verified_user import VerifiedUser

__all__ = (
    "AuthError",
    "AuthErrorDetails",
    "AuthResult",
    "ChangePassword",
    "Code",
    "CompleteOAuthProvider",
    "DeleteAccount",
    "Email",
    "Error",
    "ErrorDetails",
    "ForgotPassword",
    "Health",
    "Invitation",
    "InvitationCreate",
    "InvitationData",
    "InvitationPage",
    "ListMyInvitationsOrder",
    "ListMyInvitationsSort",
    "ListProjectInvitationsOrder",
    "ListProjectInvitationsSort",
    "ListProjectInvitationsStatus",
    "ListProjectMembersOrder",
    "ListProjectMembersRole",
    "ListProjectMembersSort",
    "ListProjectsOrder",
    "ListProjectsRole",
    "ListProjectsSort",
    "MagicLink",
    "MagicLinkVerify",
    "Member",
    "MemberPage",
    "Message",
    "Meta",
    "MyInvitation",
    "MyInvitationPage",
    "NewPasskey",
    "OAuthToken",
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
    "PaymentEvent",
    "PaymentEventData",
    "PaymentEventDataObject",
    "PaymentEventObject",
    "Profile",
    "Project",
    "ProjectCreate",
    "ProjectData",
    "ProjectPage",
    "ProjectRef",
    "ProjectUpdate",
    "Received",
    "ResetPassword",
    "Session",
    "SessionInfo",
    "SessionList",
    "SignIn",
    "SignUp",
    "StartOAuthProvider",
    "Success",
    "Token",
    "Transfer",
    "TwoFactorEnabled",
    "TwoFactorSetup",
    "User",
    "UserRef",
    "UserResult",
    "VerifiedUser",
)
